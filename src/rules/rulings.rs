//! Finding a ruling in players' words (`golf ruling`): whole words, simple plurals and the
//! groups of words that mean one thing at the table, all read from the bundled
//! `rules/words/rulings.toml`, so a new word is a line of data. A question about a card's
//! value ("is a king zero") is answered from the rules in force ([`card_value`]).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Rules, Ruling};
use crate::card::Rank;

/// The word table: `rules/words/rulings.toml`, embedded.
const WORDS: &str = include_str!("../../rules/words/rulings.toml");

/// The words players use: ignored words, the topics' order, and groups of words that mean
/// one thing.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// Words too common to look for (`the`, `my`).
    pub ignore: Vec<String>,
    /// The order rulings are listed in, by topic.
    pub topics: Vec<String>,
    /// Groups of words that mean one thing (`swap`, `replace`, `exchange`).
    pub same: Vec<Vec<String>>,
    /// Words naming a card, each to its rank as grid notation writes it (`king` → `K`).
    #[serde(default)]
    pub cards: BTreeMap<String, String>,
    /// Words asking what a card is worth (`worth`, `score`, `zero`).
    #[serde(default)]
    pub worth: Vec<String>,
}

/// The bundled word table.
pub fn words() -> Words {
    // ok: the bundled table is checked by the test `the_word_table_reads`
    toml::from_str(WORDS).unwrap_or_default()
}

/// The rulings that answer `query`, best first, and whether they match every word looked
/// for. A ruling matches a word when its id, topic, question, answer or source uses that
/// word or one of its group, as a whole word or its simple plural (the topic says what the
/// ruling is about: "who starts the hole" is asked of "Starting a hole", not of the ruling
/// on two players ending one on the same turn, whose answer uses those words too). Rulings matching every word are
/// returned, those using the words as asked (not their synonyms) first, then those whose
/// question uses the most of them, the shortest question first; when none matches
/// every word, those matching the most (none when no word matches).
pub fn matching<'a>(rulings: &'a [Ruling], query: &str) -> (Vec<&'a Ruling>, bool) {
    let table = words();
    let asked: Vec<String> = split(query)
        .filter(|w| !table.ignore.iter().any(|i| i == w))
        .collect();
    let mut scored: Vec<(usize, Closeness, &Ruling)> = rulings
        .iter()
        .map(|r| {
            let topic = r.topic.as_deref().unwrap_or_default();
            let text = format!("{} {topic} {} {} {}", r.id, r.question, r.answer, r.source);
            let have: Vec<String> = split(&text).collect();
            let uses = |w: &String| have.iter().any(|h| same_word(w, h));
            let exact = asked.iter().filter(|w| uses(w)).count();
            let question: Vec<String> = split(&r.question).collect();
            let in_question = asked
                .iter()
                .filter(|w| question.iter().any(|h| same_word(w, h)))
                .count();
            let hits = asked
                .iter()
                .filter(|w| group(&table, w).iter().any(uses))
                .count();
            let shorter = std::cmp::Reverse(question.len());
            (hits, (exact, in_question, shorter), r)
        })
        .collect();
    let best = scored.iter().map(|(h, _, _)| *h).max().unwrap_or(0);
    if best == 0 && !asked.is_empty() {
        return (Vec::new(), false);
    }
    scored.retain(|(h, _, _)| *h == best);
    // the words as asked first, then those the question itself uses, then the shortest
    // question (the most direct answer)
    scored.sort_by_key(|(_, rank, _)| std::cmp::Reverse(*rank));
    let found = scored.into_iter().map(|(_, _, r)| r).collect();
    (found, best == asked.len())
}

/// The card whose value `query` asks, when it names one card and its other words (those
/// not ignored) only ask what it is worth: "is a king zero", "what is a joker worth",
/// "king". `None` for any other question ("do jokers pair").
pub fn card_asked(query: &str) -> Option<Rank> {
    let table = words();
    let mut rank = None;
    for word in split(query).filter(|w| !table.ignore.iter().any(|i| i == w)) {
        let named = table
            .cards
            .iter()
            .find(|(w, _)| same_word(w, &word))
            .and_then(|(_, r)| Rank::parse(r));
        match named {
            Some(r) if rank.is_none_or(|k| k == r) => rank = Some(r),
            Some(_) => return None,
            None if table.worth.iter().any(|w| same_word(w, &word)) => {}
            None => return None,
        }
    }
    rank
}

/// The ruling on what `rank` scores under `rules`, its source the rules' own for that
/// value (`K scores 0 under classic`, Official §2.2): the value unmatched, where a matched
/// set changes it, a suited card's own value, and, when the deck has no such card, which
/// rules add it (RULES.md §3 step 1, §4, §6).
pub fn card_value(rules: &Rules, rank: Rank) -> Ruling {
    let name = rules.display_name();
    let card = rank.key().replace("joker", "A joker");
    let plural = rank.plural();
    let singular = plural
        .strip_suffix("xes")
        .map(|s| format!("{s}x"))
        .unwrap_or_else(|| plural.trim_end_matches('s').to_string());
    let article = match rank {
        Rank::Ace | Rank::Eight => "an",
        _ => "a",
    };
    let question = format!("What is {article} {singular} worth?");
    let plain = |answer: String, source: &str| Ruling {
        id: "card-value".into(),
        topic: Some("Scoring".into()),
        question: question.clone(),
        answer,
        source: source.to_string(),
    };
    if !rules.pack.is_empty() {
        return plain(
            format!(
                "{name} plays its own pack, without {}: {}.",
                rank.plural(),
                super::plain::card_values(rules)
            ),
            rules.source_of("pack"),
        );
    }
    if rank == Rank::Joker && !rules.deck.has_jokers() {
        // what the two ways of adding jokers make of them, from their own rules files
        let joker = |r: &Rules| super::plain::points(r.values.of_rank(Rank::Joker));
        let variant = super::resolve("jokers", &[]).ok();
        let house = super::resolve("classic", &["with-jokers".to_string()]).ok();
        let (Some(variant), Some(house)) = (variant, house) else {
            return plain(
                format!("Under {name} there are no jokers: its deck holds none."),
                rules.source_of("deck"),
            );
        };
        return plain(
            format!(
                "Under {name} there are no jokers: its deck holds none, and golf refuses one typed into a grid. \
                 Tables that add them play the jokers variant (a joker {}, and 2s score {}) or \
                 --house with-jokers (a joker {}, nothing else changed).",
                joker(&variant),
                super::plain::points(variant.values.of_rank(Rank::Two)),
                joker(&house)
            ),
            &format!("{}; Official §5.4", rules.source_of("deck")),
        );
    }
    let value = rules.values.of_rank(rank);
    let mut answer = format!(
        "{card} scores {} under {name}, wherever it lies unmatched.",
        super::plain::points(value)
    );
    let suited: Vec<String> = rules
        .values
        .suited
        .iter()
        .filter(|(r, _, _)| *r == rank)
        .map(|(r, s, v)| {
            format!(
                "{} scores {}",
                super::plain::suited(*r, *s),
                super::plain::points(*v)
            )
        })
        .collect();
    if !suited.is_empty() {
        answer.push_str(&format!(" But {}.", suited.join(" and ")));
    }
    answer.push(' ');
    answer.push_str(&super::plain::matched_set_of(rules, rank));
    plain(answer, rules.source_of(rank.value_key()))
}

/// `ruling` as it applies under `rules`: the going-out tie answered for the table's own
/// going-out rule (RULES.md §5); who starts answered for rules where the dealer's left
/// starts (RULES.md §14, the variant's own source); any other ruling unchanged.
pub fn in_force(ruling: &Ruling, rules: &Rules) -> Ruling {
    let mut r = ruling.clone();
    let dealer_left = rules
        .playing
        .as_ref()
        .is_some_and(|p| p.first == super::FirstPlayer::DealerLeft);
    if r.id == "who-starts" && dealer_left {
        r.answer = format!(
            "Under {}, the player on the dealer's left starts (not the highest card face up). \
             golf rotates the deal through the players in seating order.",
            rules.display_name()
        );
        r.source = rules.source_of("play.first").to_string();
    }
    let plays_one = rules.going_out.penalty != super::Penalty::None || rules.going_out.bonus != 0;
    if r.id == "going-out-tie" && plays_one {
        r.answer.push_str(&format!(
            " Under {}: {}",
            rules.display_name(),
            super::plain::going_out(rules).join(" ")
        ));
        r.source = format!("{}; {}", r.source, rules.source_of("going_out"));
    }
    r
}

/// How closely a ruling that matches the words answers them, best highest: the words it
/// uses as asked, those its question uses, and the shortness of its question.
type Closeness = (usize, usize, std::cmp::Reverse<usize>);

/// `rulings` grouped by topic, in the word table's order of topics; rulings without a
/// known topic come last under "Other questions".
pub fn by_topic(rulings: &[Ruling]) -> Vec<(String, Vec<Ruling>)> {
    let table = words();
    let mut groups: Vec<(String, Vec<Ruling>)> = table
        .topics
        .iter()
        .map(|t| (t.clone(), Vec::new()))
        .collect();
    groups.push(("Other questions".to_string(), Vec::new()));
    for r in rulings {
        let at = r
            .topic
            .as_ref()
            .and_then(|t| table.topics.iter().position(|x| x == t))
            .unwrap_or(table.topics.len());
        groups[at].1.push(r.clone());
    }
    groups.retain(|(_, rs)| !rs.is_empty());
    groups
}

/// The lowercase words of `text`: letters, digits and `§` (a section such as `§8.1` keeps
/// its dot); everything else separates words.
fn split(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '§' || c == '.'))
        .map(|w| w.trim_matches('.').to_lowercase())
        .filter(|w| !w.is_empty())
}

/// The words `word` stands for: its group in the table, else itself.
fn group(table: &Words, word: &str) -> Vec<String> {
    table
        .same
        .iter()
        .find(|g| g.iter().any(|w| same_word(w, word)))
        .cloned()
        .unwrap_or_else(|| vec![word.to_string()])
}

/// One word, allowing a simple plural either way: `card`/`cards`, `2`/`2s`, `box`/`boxes`.
fn same_word(a: &str, b: &str) -> bool {
    let plural = |one: &str, many: &str| {
        many.strip_prefix(one)
            .is_some_and(|rest| rest == "s" || rest == "es")
    };
    a == b || plural(a, b) || plural(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_table_reads() {
        let table: Words = toml::from_str(WORDS).unwrap();
        assert!(table.same.iter().any(|g| g.contains(&"swap".to_string())));
        assert!(!table.topics.is_empty());
    }

    #[test]
    fn a_card_named_with_words_for_its_worth_asks_its_value() {
        assert_eq!(card_asked("is a king zero"), Some(Rank::King));
        assert_eq!(card_asked("what is a joker worth"), Some(Rank::Joker));
        assert_eq!(card_asked("kings"), Some(Rank::King));
        assert_eq!(card_asked("do jokers pair"), None);
        assert_eq!(card_asked("king or queen"), None);
        let classic = super::super::resolve("classic", &[]).unwrap();
        let k = card_value(&classic, Rank::King);
        assert!(
            k.answer.starts_with("K scores 0 under classic"),
            "{}",
            k.answer
        );
        assert_eq!(k.source, "Official §2.2");
    }

    #[test]
    fn whole_words_and_simple_plurals() {
        assert!(same_word("king", "kings"));
        assert!(same_word("2s", "2"));
        assert!(!same_word("king", "looking"));
        let have: Vec<String> =
            split("Can I look at my face-down cards? (Official §8.1)").collect();
        assert!(have.contains(&"§8.1".to_string()));
        assert!(have.contains(&"down".to_string()));
    }
}
