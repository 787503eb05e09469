//! Rules: one complete, resolved set of scoring rules — a variant plus house rules
//! (RULES.md §1, §3–6, §8, §10).
//!
//! Every fact of a variant lives in a rules file (`rules/*.toml`, `rules/house/*.toml`,
//! embedded at build time, or a group's own file); this module holds the resolved shape
//! those files produce. [`load`] reads and resolves files; [`raw`] is the file schema.

pub mod bounds;
pub mod bundled;
mod error;
mod facts;
pub mod layers;
pub mod plain;
pub mod raw;
pub mod resolve;
pub mod rulings;
mod text;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};

pub use bounds::OutOfBounds;
pub use error::RulesError;
pub use facts::Fact;
pub use resolve::{resolve, resolve_text};

/// A resolved set of rules: what scores a grid, what the deck holds, how a match runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// The variant's name (`classic`, or a group file's own `name`).
    pub name: String,
    /// A one-line title.
    pub title: String,
    /// What the variant is, in a sentence or two.
    pub summary: String,
    /// The source the variant cites as a whole (e.g. "Official §1–2, §5.1").
    pub source: String,
    /// House rules applied on top, in order.
    pub house: Vec<String>,
    /// Grid shape.
    pub layout: Layout,
    /// Deck composition.
    pub deck: Deck,
    /// Card values.
    pub values: Values,
    /// Matching rules.
    pub matching: Matching,
    /// Going-out penalty and bonus (RULES.md §5).
    pub going_out: GoingOut,
    /// Holes in a match unless `new --holes` says otherwise.
    pub holes: u32,
    /// The tiebreak chain, tried in order (RULES.md §8).
    pub tiebreak: Vec<Tiebreak>,
    /// Tournament penalties (RULES.md §9).
    pub tournament: Tournament,
    /// A pack of the rules' own (RULES.md §4.1): its faces replace A–K and jokers; empty
    /// for the standard pack.
    #[serde(default)]
    pub pack: Vec<Face>,
    /// The hole adjustments besides going out (RULES.md §5 steps 1, 3, 4).
    #[serde(default)]
    pub hole: HoleRules,
    /// Play to this many points instead of a number of holes (RULES.md §8).
    #[serde(default)]
    pub target: Option<u32>,
    /// Rules of play with no scoring effect, shown on the scorecard (RULES.md §6).
    pub play: Vec<PlayRule>,
    /// How a hole is played, for the simulator (RULES.md §14): `None` when the rules' chain
    /// sets no `[play]` data (a group's file written from scratch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playing: Option<Playing>,
    /// Official rulings for disputes (RULES.md §10).
    pub rulings: Vec<Ruling>,
    /// The source of each rule, keyed by its dotted key (`matching.columns`, `values.2`).
    pub sources: BTreeMap<String, String>,
}

pub use crate::card::Face;

/// The hole adjustments of RULES.md §5 besides going out; a rule that is not set does
/// nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoleRules {
    /// Step 1: a score equal to a key becomes the value (`blackjack`: 21 → 0).
    pub score_map: Vec<(i32, i32)>,
    /// Step 3: added by every player with the hole's lowest score (`underdog`: −3).
    pub lowest_bonus: Option<i32>,
    /// Step 4: added by every player whose score equals another's (`tied-shame`: +5).
    pub tie_penalty: Option<i32>,
}

/// Grid shape: rows × columns, from 1×1 to 4×6 (RULES.md §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// Rows (1 to 4).
    pub rows: usize,
    /// Columns (1 to 6).
    pub columns: usize,
}

/// What one hole is dealt from (RULES.md §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Standard 52-card decks shuffled together, unless a player count below says more.
    pub decks: u32,
    /// Jokers added per deck.
    pub jokers_per_deck: u32,
    /// Jokers in the whole pack however many decks (`lucky-swing`: 1), when set.
    #[serde(default)]
    pub jokers: Option<u32>,
    /// `(players, decks)`: from that many players on, use that many decks; ascending.
    pub decks_by_players: Vec<(u32, u32)>,
}

impl Deck {
    /// Decks used for a table of `players` players: the last `decks_by_players` entry whose
    /// player count is reached, else `decks`.
    pub fn decks_for(&self, players: usize) -> u32 {
        self.decks_by_players
            .iter()
            .rev()
            .find(|(from, _)| players as u64 >= u64::from(*from))
            .map_or(self.decks, |(_, d)| *d)
    }

    /// Jokers that `decks` decks hold: the pack's total where set, else per deck × decks.
    pub fn jokers_in(&self, decks: u32) -> u32 {
        self.jokers.unwrap_or(self.jokers_per_deck * decks)
    }

    /// Whether the deck holds jokers at all.
    pub fn has_jokers(&self) -> bool {
        self.jokers.map_or(self.jokers_per_deck > 0, |j| j > 0)
    }
}

/// Card values in points (RULES.md §3 step 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Values {
    /// Values of A, 2, …, 10, J, Q, K in that order.
    pub ranks: [i32; 13],
    /// The joker's value; `None` when the deck has no jokers.
    pub joker: Option<i32>,
    /// Values of particular suited cards, applied before the rank's value.
    pub suited: Vec<(Rank, Suit, i32)>,
    /// Values of the faces of a pack of the rules' own, in the pack's order.
    #[serde(default)]
    pub faces: Vec<i32>,
}

impl Values {
    /// The value of one card: a suited override first, then the rank's value; a joker with
    /// no joker value scores 0 (such a grid is refused earlier, RULES.md §2).
    pub fn of(&self, card: Card) -> i32 {
        if let (Some(suit), false) = (card.suit, self.suited.is_empty()) {
            if let Some((_, _, v)) = self
                .suited
                .iter()
                .find(|(r, s, _)| *r == card.rank && *s == suit)
            {
                return *v;
            }
        }
        self.of_rank(card.rank)
    }

    /// The value of a rank, suits aside.
    pub fn of_rank(&self, rank: Rank) -> i32 {
        match rank {
            Rank::Joker => self.joker.unwrap_or(0),
            Rank::Face(i) => self.faces.get(usize::from(i)).copied().unwrap_or(0),
            other => other.standard_index().map_or(0, |i| self.ranks[i]),
        }
    }
}

/// Where matched sets may be found anywhere in the grid (RULES.md §3 step 2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Anywhere {
    /// No matching anywhere.
    None,
    /// Every card whose rank occurs two or more times is in a set.
    Multiples,
    /// Equal cards pair off two at a time; of three, one is left over.
    Pairs,
}

/// What a matched set of negative cards scores (RULES.md §3 step 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NegativeMatches {
    /// The set keeps its negative sum (two 2s at −2 = −4, Official §2.3).
    Keep,
    /// The set scores 0 like any other (Six/Four sheet).
    Cancel,
}

/// Matching rules (RULES.md §3 step 2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matching {
    /// Full columns of one rank match.
    pub columns: bool,
    /// Full rows of one rank match.
    pub rows: bool,
    /// The two diagonals of a square grid match.
    pub diagonals: bool,
    /// Pairs within a row match (house rule `horizontal-pairs`).
    pub row_pairs: bool,
    /// Matching anywhere in the grid.
    pub anywhere: Anywhere,
    /// What a negative set scores.
    pub negative_matches: NegativeMatches,
    /// `k matched columns of one rank → points`, e.g. `{2: -10}` (RULES.md §3 step 5).
    pub same_rank_columns: BTreeMap<u32, i32>,
    /// A rank's own table, added on top of the general one (`wolfpack`: jacks
    /// `{2: -20, 3: -20, 4: -20}`).
    #[serde(default)]
    pub rank_columns: Vec<(Rank, BTreeMap<u32, i32>)>,
    /// What a matched set of one rank scores instead of 0 (`eagle-eye`: jokers −4)
    /// (RULES.md §3 step 3).
    #[serde(default)]
    pub matched_values: Vec<(Rank, i32)>,
}

/// A going-out penalty (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Penalty {
    /// No penalty.
    None,
    /// `add N`: +N.
    Add(i32),
    /// `double`: a positive score is doubled; 0 or less is unchanged.
    Double,
    /// `double-plus N`: doubled as above, then +N.
    DoublePlus(i32),
    /// `per-player N`: +N for each other player who tied or beat the one who went out.
    PerPlayer(i32),
    /// `times N`: a positive score is multiplied by N (2 to 10); 0 or less is unchanged.
    Times(i32),
}

impl FromStr for Penalty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        // RULES.md §12: a penalty's points are -100…100
        let number = |w: &str| match w.parse::<i64>().ok().map(crate::bounds::Points::try_from) {
            Some(Ok(points)) => Ok(points.0),
            _ => Err(format!(
                "`{w}` is not a whole number of points from {} to {}",
                crate::bounds::Points::MIN,
                crate::bounds::Points::MAX
            )),
        };
        match words.as_slice() {
            ["none"] => Ok(Penalty::None),
            ["double"] => Ok(Penalty::Double),
            ["add", n] => Ok(Penalty::Add(number(n)?)),
            ["double-plus", n] => Ok(Penalty::DoublePlus(number(n)?)),
            ["per-player", n] => Ok(Penalty::PerPlayer(number(n)?)),
            ["times", n] => match n.parse::<i64>().ok().map(crate::bounds::Times::try_from) {
                Some(Ok(t)) => Ok(Penalty::Times(t.0 as i32)),
                _ => Err(format!(
                    "`{n}` is not a multiplier; `times N` takes N from {} to {}",
                    crate::bounds::Times::MIN,
                    crate::bounds::Times::MAX
                )),
            },
            _ => Err(format!(
                "`{s}` is not a penalty; expected `none`, `add N`, `double`, `double-plus N`, `times N` or `per-player N`"
            )),
        }
    }
}

impl TryFrom<String> for Penalty {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Penalty> for String {
    fn from(p: Penalty) -> String {
        p.to_string()
    }
}

impl fmt::Display for Penalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Penalty::None => f.write_str("none"),
            Penalty::Add(n) => write!(f, "add {n}"),
            Penalty::Double => f.write_str("double"),
            Penalty::DoublePlus(n) => write!(f, "double-plus {n}"),
            Penalty::PerPlayer(n) => write!(f, "per-player {n}"),
            Penalty::Times(n) => write!(f, "times {n}"),
        }
    }
}

/// When the going-out penalty applies (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PenaltyWhen {
    /// Someone else scored strictly lower.
    NotLowest,
    /// Someone else scored lower or equal.
    NotStrictlyLowest,
    /// Whenever the player ended the hole.
    Always,
}

/// When the going-out bonus applies (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BonusWhen {
    /// Whenever the player went out.
    Always,
    /// No one scored strictly lower.
    Lowest,
    /// Everyone else scored strictly higher.
    StrictlyLowest,
}

/// Going out (or knocking): the penalty and bonus for the player who ended the hole
/// (RULES.md §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoingOut {
    /// What the ender adds when it applies: nothing, points, double, times N, per player.
    pub penalty: Penalty,
    /// When it applies.
    pub penalty_when: PenaltyWhen,
    /// Bonus points (negative is good); 0 for none.
    pub bonus: i32,
    /// When the bonus applies.
    pub bonus_when: BonusWhen,
}

/// One tiebreak method (RULES.md §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tiebreak {
    /// Lowest single hole, then second lowest, … (Official §4.2).
    Countback,
    /// Most holes won (Official §4.2).
    MostHolesWon,
    /// Last 9, 6, 3, 1 holes (USGA card-matching).
    CardMatching,
    /// Playoff holes until one player is lowest (Official §4.2).
    SuddenDeath,
    /// The tied players share the win (Official §4.2).
    Shared,
}

impl Tiebreak {
    /// The method's name as written in rules files and `--tiebreak` (serde's).
    pub fn name(self) -> String {
        name_of(&self)
    }

    /// Every method, in the order RULES.md §8 lists them.
    pub const ALL: [Tiebreak; 5] = [
        Tiebreak::Countback,
        Tiebreak::MostHolesWon,
        Tiebreak::CardMatching,
        Tiebreak::SuddenDeath,
        Tiebreak::Shared,
    ];
}

impl FromStr for Tiebreak {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        from_name(s.trim()).ok_or_else(|| {
            let known: Vec<String> = Tiebreak::ALL.iter().map(|t| t.name()).collect();
            format!(
                "`{s}` is not a tiebreak method; expected one of {}",
                known.join(", ")
            )
        })
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The name serde gives a unit variant — the one spelling used in rules files, the store
/// and JSON (`most-holes-won`); empty for a value that is not a unit variant.
pub fn name_of<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// The unit variant serde reads from `name`, if any.
pub fn from_name<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
}

/// One step of the illegal-move escalation (RULES.md §9): what an offence costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Offence {
    /// A warning: recorded, 0 points.
    Warning,
    /// Penalty points.
    Points(i32),
    /// Disqualification from the round.
    Disqualify,
}

impl FromStr for Offence {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "warning" => Ok(Offence::Warning),
            "disqualify" => Ok(Offence::Disqualify),
            n => match n.parse::<i64>().ok().map(crate::bounds::Points::try_from) {
                // RULES.md §12: a tournament penalty is -100…100
                Some(Ok(points)) => Ok(Offence::Points(points.0)),
                _ => Err(format!("`{s}` is not an offence; expected \"warning\", points from -100 to 100 such as \"5\", or \"disqualify\"")),
            },
        }
    }
}

impl TryFrom<String> for Offence {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Offence> for String {
    fn from(o: Offence) -> String {
        match o {
            Offence::Warning => "warning".into(),
            Offence::Points(n) => n.to_string(),
            Offence::Disqualify => "disqualify".into(),
        }
    }
}

/// Tournament penalties (RULES.md §9, Official §6.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// What the first, second, third… illegal move costs; the last step repeats.
    pub illegal_move: Vec<Offence>,
    /// Points per minute over the time limit.
    pub late_per_minute: i32,
    /// Whether `golf penalty --points` may give negative points (a bonus); when not, a
    /// negative number is refused as a likely typo.
    #[serde(default)]
    pub negative_points: bool,
    /// Points over the round's highest total at any table charged, for that round, to a
    /// player disqualified from a tournament round (RULES.md §13); 0 to 100.
    #[serde(default = "round_disqualification")]
    pub round_disqualification: i32,
    /// Players a tournament table seats at most, 2 to 16 (Official §6.1: 4); `golf
    /// tournament new --table-size` overrides it.
    #[serde(default = "table_size")]
    pub table_size: u32,
    /// Rounds a tournament plays, 1 to 20 (Official §6.1: 3 to 5); `--rounds` overrides it.
    #[serde(default = "rounds")]
    pub rounds: u32,
}

/// Official §6.1's table, for rules stored before it was a rules-file key.
fn table_size() -> u32 {
    4
}

/// Official §6.1's fewest rounds, for rules stored before it was a rules-file key.
fn rounds() -> u32 {
    3
}

/// RULES.md §13's charge, for rules stored before it was a rules-file key.
fn round_disqualification() -> i32 {
    10
}

/// How a hole is played (RULES.md §14, Official §1.3, §3): the `[play]` data of a rules
/// file, which the simulator follows. Scoring never reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playing {
    /// Cards each player turns face up at the start (Official §1.3: 2).
    pub face_up_at_start: u32,
    /// Cards each player peeks at at the start (known to them, still face down).
    pub peek_at_start: u32,
    /// Which cards may be turned up or peeked at the start.
    pub start_cards: StartCards,
    /// Who plays first.
    pub first: FirstPlayer,
    /// What follows discarding a card drawn from the stock (Official §3.4, §9.3).
    pub discard_drawn: DiscardDrawn,
    /// Whether a player may knock instead of drawing (Official §9.4).
    pub may_knock: bool,
    /// Whether a player may look at their own face-down cards once per hole (Official §9.2).
    pub may_look_once: bool,
}

/// Which cards a player may turn up or peek at at the start of a hole (RULES.md §14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartCards {
    /// Any cards of their choice.
    Any,
    /// Cards of one column (Eight-card sheet: two cards vertically in one column).
    OneColumn,
    /// The row nearest the player, the last row (Four-card multiples sheet).
    NearestRow,
}

/// Who plays first in a hole (RULES.md §14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// The player to the dealer's left.
    DealerLeft,
    /// The player with the highest face-up card by its value; a tie goes to the first of
    /// them clockwise from the dealer's left (Official §1.3).
    HighestFaceUp,
}

/// What a player does after discarding a card drawn from the stock (RULES.md §14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardDrawn {
    /// Turn one face-down card up (Official §3.4).
    Flip,
    /// Nothing more (Six/Four sheet; house rule `no-penalty-discard`, Official §9.3).
    Free,
    /// Turn one up, except with one hidden card left, which may stay down; turning it ends
    /// the hole (Eight-card sheet).
    FlipUnlessLast,
}

impl DiscardDrawn {
    /// What a player holding a card drawn from the stock, with `hidden` face-down cards,
    /// may do besides a swap (RULES.md §14 step 3): (discard it and nothing more, discard
    /// it and turn one face-down card up).
    pub fn allows(self, hidden: u32) -> (bool, bool) {
        match self {
            DiscardDrawn::Free => (true, false),
            DiscardDrawn::Flip => (hidden == 0, hidden > 0),
            DiscardDrawn::FlipUnlessLast => (hidden <= 1, hidden > 0),
        }
    }
}

/// A rule of play with no scoring effect, stored with a match so the table sees what was
/// agreed (RULES.md §6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRule {
    /// Short name (`look-once`).
    pub name: String,
    /// What the rule says.
    pub text: String,
    /// Where it comes from.
    pub source: String,
}

/// An official ruling for a dispute at the table (RULES.md §10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Short identifier (`look-at-face-down`).
    pub id: String,
    /// The heading it is listed under (`Starting a hole`); none in rules recorded before
    /// rulings had topics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<String>,
    /// The question as players ask it.
    pub question: String,
    /// What the referee rules, in a sentence or two.
    pub answer: String,
    /// Its section (e.g. "Official §8.1").
    pub source: String,
}

/// Every official ruling carried by the bundled variants (RULES.md §10), each once.
pub fn all_rulings() -> Result<Vec<Ruling>, RulesError> {
    let mut all: Vec<Ruling> = Vec::new();
    for name in bundled::variant_names() {
        for r in resolve(name, &[])?.rulings {
            if !all.iter().any(|a| a.id == r.id) {
                all.push(r);
            }
        }
    }
    Ok(all)
}

/// A bundled house rule as listed: name, what it does, where it comes from.
#[derive(Debug, Clone, Serialize)]
pub struct HouseRule {
    /// Its name (`--house NAME`).
    pub name: &'static str,
    /// What it does.
    pub summary: String,
    /// Its source.
    pub source: String,
}

/// Every bundled variant, resolved, and every bundled house rule, in their listed order.
pub fn catalogue() -> Result<(Vec<Rules>, Vec<HouseRule>), RulesError> {
    let variants = bundled::variant_names()
        .iter()
        .map(|n| resolve(n, &[]))
        .collect::<Result<Vec<_>, _>>()?;
    let mut house = Vec::new();
    for name in bundled::house_names() {
        let layer = layers::house_meta(name)?;
        house.push(HouseRule {
            name,
            summary: layer.0,
            source: layer.1,
        });
    }
    Ok((variants, house))
}

/// What `golf rules list` shows, in the listed order: each bundled variant's title, grid,
/// deck and holes, and each house rule's summary and source — as `build.rs` worked them
/// out from the bundled files, so listing them parses nothing.
pub fn listing() -> (Vec<bundled::Listed>, Vec<HouseRule>) {
    let variants = bundled::VARIANTS
        .iter()
        .filter_map(|b| bundled::LISTED.iter().find(|l| l.file == b.name).copied())
        .collect();
    let house = bundled::HOUSE_RULES
        .iter()
        .filter_map(|b| bundled::HOUSE_LISTED.iter().find(|(n, _, _)| *n == b.name))
        .map(|&(name, summary, source)| HouseRule {
            name,
            summary: summary.to_string(),
            source: source.to_string(),
        })
        .collect();
    (variants, house)
}

/// A variant's name with its house rules, as shown to players:
/// `label("classic", ["horizontal-pairs"])` is `classic + horizontal-pairs`.
pub fn label(name: &str, house: &[String]) -> String {
    std::iter::once(name)
        .chain(house.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" + ")
}

impl Rules {
    /// The source of the rule at a dotted key (`matching.columns`, `values.2`): the key's
    /// own entry, else that of a key inside it (`matching.same_rank_columns.2`), else its
    /// nearest parent's, else the variant's source.
    pub fn source_of(&self, key: &str) -> &str {
        if let Some(s) = self.sources.get(key) {
            return s;
        }
        let inside = format!("{key}.");
        if let Some((_, s)) = self
            .sources
            .range(inside.clone()..)
            .next()
            .filter(|(k, _)| k.starts_with(&inside))
        {
            return s;
        }
        let mut key = key;
        while let Some(i) = key.rfind('.') {
            key = &key[..i];
            if let Some(s) = self.sources.get(key) {
                return s;
            }
        }
        &self.source
    }

    /// Whether a player may end a hole by knocking (Official §9.4; RULES.md §14): the
    /// `[play]` data, or, in rules recorded before it, a rule of play named `knock`.
    pub fn may_knock(&self) -> bool {
        match &self.playing {
            Some(p) => p.may_knock,
            None => self.play.iter().any(|p| p.name == "knock"),
        }
    }

    /// The name with house rules, as shown to players: `classic + horizontal-pairs`.
    pub fn display_name(&self) -> String {
        label(&self.name, &self.house)
    }

    /// The house rules in use that adjust a whole hole (RULES.md §5: a score map, going out,
    /// a lowest-score bonus, a tie penalty): scoring a lone grid cannot apply them, which
    /// `golf score` says, naming them. Each is told apart by what it changes on `classic`.
    pub fn hole_house_rules(&self) -> Vec<&str> {
        let Ok(base) = resolve("classic", &[]) else {
            return Vec::new();
        };
        self.house
            .iter()
            .filter(|h| {
                resolve("classic", std::slice::from_ref(*h))
                    .is_ok_and(|r| r.hole != base.hole || r.going_out != base.going_out)
            })
            .map(String::as_str)
            .collect()
    }

    /// The rules in use as the first line of a command that starts a match or tournament,
    /// or scores without one, says them: `classic + underdog`, or `classic, no house rules`
    /// when none apply (after `--house none`, say), so the table sees a config file's house
    /// rules were or were not added (RULES.md §6).
    pub fn in_use(&self) -> String {
        match self.house.is_empty() {
            true => format!("{}, no house rules", self.name),
            false => self.display_name(),
        }
    }

    /// The grid shape and joker rule a typed grid is checked against (RULES.md §2).
    pub fn expected(&self) -> crate::grid::Expected<'_> {
        crate::grid::Expected {
            rows: self.layout.rows,
            columns: self.layout.columns,
            jokers: self.deck.has_jokers(),
            rules: &self.name,
            pack: &self.pack,
            suited: &self.values.suited,
        }
    }

    /// How many rank codes ([`Rank::code`]) the rules' cards use: ace to king (0–12), the
    /// joker (13), then each face of a pack of the rules' own (14 on). A table indexed by
    /// rank code holds this many entries; by card ([`Card::slot`]), this many ×
    /// [`Card::SLOTS_PER_RANK`].
    pub fn rank_codes(&self) -> usize {
        14 + self.pack.len()
    }

    /// Cards dealt from `decks` decks (or packs of the rules' own), jokers included.
    pub fn cards_in(&self, decks: u32) -> u32 {
        if self.pack.is_empty() {
            Rank::STANDARD.len() as u32 * 4 * decks + self.deck.jokers_in(decks)
        } else {
            self.pack.iter().map(|f| f.copies).sum::<u32>() * decks
        }
    }

    /// How many cards of `rank` `decks` decks hold (RULES.md §7).
    pub fn copies_of(&self, rank: Rank, decks: u32) -> u32 {
        match rank {
            Rank::Joker => self.deck.jokers_in(decks),
            Rank::Face(i) => self.pack.get(usize::from(i)).map_or(0, |f| f.copies) * decks,
            _ => 4 * decks,
        }
    }
}
