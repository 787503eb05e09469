//! Finding a ruling in players' words (`golf ruling`): whole words, simple plurals and the
//! groups of words that mean one thing at the table, all read from the bundled
//! `rules/words/rulings.toml`, so a new word is a line of data.

use serde::Deserialize;

use super::Ruling;

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
}

/// The bundled word table.
pub fn words() -> Words {
    // ok: the bundled table is checked by the test `the_word_table_reads`
    toml::from_str(WORDS).unwrap_or_default()
}

/// The rulings that answer `query`, best first, and whether they match every word looked
/// for. A ruling matches a word when its id, question, answer or source uses that word or
/// one of its group, as a whole word or its simple plural. Rulings matching every word are
/// returned, those using the words as asked (not their synonyms) first; when none matches
/// every word, those matching the most (none when no word matches).
pub fn matching<'a>(rulings: &'a [Ruling], query: &str) -> (Vec<&'a Ruling>, bool) {
    let table = words();
    let asked: Vec<String> = split(query)
        .filter(|w| !table.ignore.iter().any(|i| i == w))
        .collect();
    let mut scored: Vec<(usize, usize, &Ruling)> = rulings
        .iter()
        .map(|r| {
            let text = format!("{} {} {} {}", r.id, r.question, r.answer, r.source);
            let have: Vec<String> = split(&text).collect();
            let uses = |w: &String| have.iter().any(|h| same_word(w, h));
            let exact = asked.iter().filter(|w| uses(w)).count();
            let hits = asked
                .iter()
                .filter(|w| group(&table, w).iter().any(uses))
                .count();
            (hits, exact, r)
        })
        .collect();
    let best = scored.iter().map(|(h, _, _)| *h).max().unwrap_or(0);
    if best == 0 && !asked.is_empty() {
        return (Vec::new(), false);
    }
    scored.retain(|(h, _, _)| *h == best);
    scored.sort_by_key(|(_, exact, _)| std::cmp::Reverse(*exact));
    let found = scored.into_iter().map(|(_, _, r)| r).collect();
    (found, best == asked.len())
}

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
