//! Resolved rules in players' words (issue 31): what a table says aloud — "going out
//! without the lowest score costs 10", "K 0" — rather than the rules file's keys. Used by
//! `golf rules sheet` and by the rulings that answer from the rules in force.

use super::{
    Anywhere, BonusWhen, DiscardDrawn, FirstPlayer, NegativeMatches, Offence, Penalty, PenaltyWhen,
    Rules, StartCards, Tiebreak,
};
use crate::card::Rank;

/// Ending a hole under `rules`, as a sentence starts: "Going out", or "Going out or
/// knocking" where knocking is allowed.
fn ending(rules: &Rules) -> &'static str {
    match rules.may_knock() {
        true => "Going out or knocking",
        false => "Going out",
    }
}

/// The going-out penalty and bonus as a table would say them, one sentence each ("Going
/// out without the lowest score costs 10; a tie for lowest is safe."), or that going out
/// costs and earns nothing (RULES.md §5 step 2).
pub fn going_out(rules: &Rules) -> Vec<String> {
    let g = &rules.going_out;
    let mut said = Vec::new();
    let cost = match g.penalty {
        Penalty::None => None,
        Penalty::Add(n) => Some(format!("costs {n}")),
        Penalty::Double => Some("doubles your score (above 0)".to_string()),
        Penalty::DoublePlus(n) => Some(format!("doubles your score (above 0) and adds {n}")),
        Penalty::Times(n) => Some(format!("multiplies your score (above 0) by {n}")),
        Penalty::PerPlayer(n) => Some(format!(
            "costs {n} for each other player who tied or beat you"
        )),
    };
    let doing = ending(rules);
    if let Some(cost) = cost {
        said.push(match g.penalty_when {
            PenaltyWhen::NotLowest => {
                format!("{doing} without the lowest score {cost}; a tie for lowest is safe.")
            }
            PenaltyWhen::NotStrictlyLowest => format!(
                "{doing} without the lowest score all alone {cost}: a tie for lowest pays too."
            ),
            PenaltyWhen::Always => format!("{doing} always {cost}."),
        });
    }
    if g.bonus != 0 {
        let points = match g.bonus < 0 {
            true => format!("takes {} off your score", g.bonus.unsigned_abs()),
            false => format!("adds {} to your score", g.bonus),
        };
        said.push(match g.bonus_when {
            BonusWhen::Always => format!("{doing} {points}."),
            BonusWhen::Lowest => format!("{doing} with the lowest score (a tie too) {points}."),
            BonusWhen::StrictlyLowest => {
                format!("{doing} with the lowest score all alone {points}.")
            }
        });
    }
    if said.is_empty() {
        said.push(format!(
            "{doing} ends the hole; it costs nothing and earns nothing."
        ));
    }
    said
}

/// A suited card as players write it: `J♥`, `10♠`.
pub fn suited(rank: Rank, suit: crate::card::Suit) -> String {
    format!("{}{}", rank.key(), suit.symbol())
}

/// A value as shown: `−2` with a true minus sign, `0`, `10`.
pub fn points(n: i32) -> String {
    match n < 0 {
        true => format!("−{}", n.unsigned_abs()),
        false => n.to_string(),
    }
}

/// Every card's value as a table says it: runs of cards worth their face written once
/// ("A 1 · 2 −2 · 3–10 face value · J 10 · Q 10 · K 0 · joker −2"), a pack of the
/// rules' own by its faces' names (RULES.md §3 step 1, §4.1).
pub fn card_values(rules: &Rules) -> String {
    if !rules.pack.is_empty() {
        // faces named by a number and worth it run together: `0–12 face value`
        let mut parts: Vec<String> = Vec::new();
        let mut run: Vec<&str> = Vec::new();
        let flush = |run: &mut Vec<&str>, parts: &mut Vec<String>| {
            match run.as_slice() {
                [] => {}
                [one] => parts.push(format!("{one} {one}")),
                [first, .., last] => parts.push(format!("{first}–{last} face value")),
            }
            run.clear();
        };
        for (f, v) in rules.pack.iter().zip(&rules.values.faces) {
            let follows = run
                .last()
                .and_then(|l| l.parse::<i32>().ok())
                .is_none_or(|l| l + 1 == *v);
            match f.name.parse::<i32>() == Ok(*v) && follows {
                true => run.push(&f.name),
                false => {
                    flush(&mut run, &mut parts);
                    match f.name.parse::<i32>() == Ok(*v) {
                        true => run.push(&f.name),
                        false => parts.push(format!("{} {}", f.name, points(*v))),
                    }
                }
            }
        }
        flush(&mut run, &mut parts);
        return parts.join(" · ");
    }
    let mut parts: Vec<String> = Vec::new();
    let ranks = Rank::STANDARD;
    let face = |i: usize| i32::try_from(i + 1).unwrap_or(0);
    let mut i = 0;
    while i < ranks.len() {
        let v = rules.values.ranks[i];
        // a run of number cards (2–10) each worth its face
        let mut j = i;
        while (1..=9).contains(&j) && rules.values.ranks[j] == face(j) {
            j += 1;
        }
        if j > i + 1 {
            parts.push(format!(
                "{}–{} face value",
                ranks[i].key(),
                ranks[j - 1].key()
            ));
            i = j;
            continue;
        }
        parts.push(format!("{} {}", ranks[i].key(), points(v)));
        i += 1;
    }
    if let (Some(j), true) = (rules.values.joker, rules.deck.has_jokers()) {
        parts.push(format!("joker {}", points(j)));
    }
    for (rank, suit, v) in &rules.values.suited {
        parts.push(format!("{} {}", suited(*rank, *suit), points(*v)));
    }
    parts.join(" · ")
}

/// What a matched pair of negative cards scores, as a table says it, with the rules' own
/// most negative card as the example ("a pair of 2s at −2 is −4"); `None` when no card is
/// worth less than 0, so there is nothing to say.
pub fn negative_pairs(rules: &Rules) -> Option<String> {
    let mut cards: Vec<(String, i32)> = Vec::new();
    if rules.pack.is_empty() {
        for (rank, v) in Rank::STANDARD.iter().zip(rules.values.ranks) {
            cards.push((rank.plural().to_string(), v));
        }
        if let (Some(j), true) = (rules.values.joker, rules.deck.has_jokers()) {
            cards.push(("jokers".to_string(), j));
        }
    } else {
        for (f, v) in rules.pack.iter().zip(&rules.values.faces) {
            cards.push((format!("{}s", f.name), *v));
        }
    }
    let (name, v) = cards
        .into_iter()
        .filter(|(_, v)| *v < 0)
        .min_by_key(|(_, v)| *v)?;
    Some(match rules.matching.negative_matches {
        NegativeMatches::Keep => format!(
            "a matched pair of negative cards keeps its sum (a pair of {name} at {} is {})",
            points(v),
            points(v.saturating_mul(2))
        ),
        NegativeMatches::Cancel => format!(
            "a matched pair of negative cards scores 0 like any other (a pair of {name} too)"
        ),
    })
}

/// A count in words for small numbers: `two`, `three`; digits beyond ten.
pub(crate) fn count(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The deal and the deck: "Six cards each, face down in 2 rows of 3; turn 2 face up to
/// start. One deck of 52, no jokers." (RULES.md §3, §7, §14).
pub fn deal(rules: &Rules) -> Vec<String> {
    let (rows, columns) = (rules.layout.rows, rules.layout.columns);
    let cards = rows * columns;
    let mut said = vec![format!(
        "{} cards each, face down in {} {} of {}.",
        capital(&count(cards)),
        count(rows),
        if rows == 1 { "row" } else { "rows" },
        count(columns)
    )];
    if let Some(p) = &rules.playing {
        let cards = |n: u32| match p.start_cards {
            StartCards::Any => format!("any {} cards", count(n as usize)),
            StartCards::OneColumn => format!("{} cards of one column", count(n as usize)),
            StartCards::NearestRow => format!("{} cards of the nearest row", count(n as usize)),
        };
        let mut start = Vec::new();
        if p.face_up_at_start > 0 {
            start.push(format!("turn {} face up", cards(p.face_up_at_start)));
        }
        if p.peek_at_start > 0 {
            start.push(format!(
                "look at {}, keeping them face down",
                cards(p.peek_at_start)
            ));
        }
        if !start.is_empty() {
            said.push(format!("To start, {}.", start.join(" and ")));
        }
    }
    let d = &rules.deck;
    let jokers = match (d.jokers, d.jokers_per_deck) {
        (Some(j), _) => format!(
            "{} {} in the whole pack",
            count(j as usize),
            if j == 1 { "joker" } else { "jokers" }
        ),
        (None, 0) => "no jokers".to_string(),
        (None, j) => format!("{} jokers a deck", count(j as usize)),
    };
    let decks = match (rules.pack.is_empty(), d.decks_by_players.is_empty()) {
        (false, _) => match d.decks {
            1 => "its own pack".to_string(),
            n => format!("{} of its own packs", count(n as usize)),
        },
        (true, true) => match d.decks {
            1 => "one deck of 52".to_string(),
            n => format!("{} decks of 52", count(n as usize)),
        },
        (true, false) => {
            // (first player count, decks), from two players (a table has at least two)
            let mut ranges: Vec<(u32, u32)> = vec![(2, d.decks)];
            for &(players, n) in &d.decks_by_players {
                match ranges.last_mut() {
                    Some(last) if players <= last.0 => last.1 = n,
                    Some(last) if last.1 == n => {}
                    _ => ranges.push((players, n)),
                }
            }
            let parts: Vec<String> = ranges
                .iter()
                .enumerate()
                .map(|(i, (from, n))| match ranges.get(i + 1) {
                    Some((next, _)) if next - 1 == *from => format!("{n} for {from} players"),
                    Some((next, _)) => format!("{n} for {from}–{} players", next - 1),
                    None => format!("{n} for {from} or more"),
                })
                .collect();
            format!("decks of 52: {}", parts.join(", "))
        }
    };
    let pack = match rules.pack.is_empty() {
        true => format!("{}, {jokers}.", capital(&decks)),
        false => format!("{}.", capital(&decks)),
    };
    said.push(pack);
    said
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What scores 0 and what a matched set earns, as a table says it (RULES.md §3 steps 2–5).
pub fn matched(rules: &Rules) -> Vec<String> {
    let m = &rules.matching;
    let mut sets = Vec::new();
    if m.columns {
        sets.push("a column of one rank");
    }
    if m.rows {
        sets.push("a row of one rank");
    }
    if m.diagonals {
        sets.push("a diagonal of one rank");
    }
    if m.row_pairs {
        sets.push("two cards of one rank side by side in a row");
    }
    match m.anywhere {
        Anywhere::None => {}
        Anywhere::Multiples => {
            sets.push("every card whose rank appears two or more times anywhere")
        }
        Anywhere::Pairs => sets.push("equal cards anywhere, two at a time"),
    }
    let mut said = Vec::new();
    match sets.is_empty() {
        true => said.push("Nothing matches: every card scores its value.".to_string()),
        false => said.push(format!("{} scores 0.", capital(&join_or(&sets)))),
    }
    if let Some(negative) = negative_pairs(rules) {
        said.push(format!("{}.", capital(&negative)));
    }
    for (rank, v) in &m.matched_values {
        said.push(format!(
            "A matched set of {} scores {}.",
            rank.plural(),
            points(*v)
        ));
    }
    if !m.same_rank_columns.is_empty() {
        said.push(column_bonus("one rank", &m.same_rank_columns));
    }
    for (rank, table) in &m.rank_columns {
        said.push(column_bonus(rank.plural(), table));
    }
    said
}

/// The bonus for k matched columns `of` a rank, in all (RULES.md §3 step 5), as a sentence:
/// "Matched columns of jacks earn a bonus in all: two −20."
fn column_bonus(of: &str, table: &std::collections::BTreeMap<u32, i32>) -> String {
    let each: Vec<String> = table
        .iter()
        .map(|(k, v)| format!("{} {}", count(*k as usize), points(*v)))
        .collect();
    format!(
        "Matched columns of {of} earn a bonus in all: {}.",
        each.join(", ")
    )
}

/// What a matched set of `rank` scores under `rules` (RULES.md §3 steps 3–5), as a
/// sentence: its own value where the rules set one, its sum where negative pairs keep it,
/// else 0; and the bonus for matched columns of it, where the rules set one.
pub fn matched_set_of(rules: &Rules, rank: Rank) -> String {
    let m = &rules.matching;
    let value = rules.values.of_rank(rank);
    let mut said = match m.matched_values.iter().find(|(r, _)| *r == rank) {
        Some((_, v)) => format!("A matched set of them scores {}.", points(*v)),
        None => match (value < 0, m.negative_matches) {
            (true, NegativeMatches::Keep) => format!(
                "A matched pair of them keeps its sum ({}).",
                points(value.saturating_mul(2))
            ),
            _ => "A matched set of them scores 0.".to_string(),
        },
    };
    if let Some((_, table)) = m.rank_columns.iter().find(|(r, _)| *r == rank) {
        said.push(' ');
        said.push_str(&column_bonus(rank.plural(), table));
    }
    said
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{}, or {last}", rest.join(", ")),
    }
}

/// Points added to a score, in words: "takes 3 off", "adds 5".
fn adds(points: i32) -> String {
    match points < 0 {
        true => format!("takes {} off", points.unsigned_abs()),
        false => format!("adds {points}"),
    }
}

/// The hole adjustments besides going out (RULES.md §5 steps 1, 3, 4); none when the rules
/// set none.
pub fn hole(rules: &Rules) -> Vec<String> {
    let h = &rules.hole;
    let mut said = Vec::new();
    for (from, to) in &h.score_map {
        said.push(format!(
            "A hole score of exactly {from} becomes {}.",
            points(*to)
        ));
    }
    if let Some(b) = h.lowest_bonus {
        said.push(format!(
            "The lowest score of the hole (every one, on a tie) {}.",
            adds(b)
        ));
    }
    if let Some(t) = h.tie_penalty {
        said.push(format!(
            "Every score equal to another player's {}.",
            adds(t)
        ));
    }
    said
}

/// How long a match runs and how a tie for first is broken (RULES.md §8).
pub fn the_match(rules: &Rules) -> Vec<String> {
    let mut said = vec![match rules.target {
        Some(t) => format!("Play until a total reaches {t}; the lowest total wins."),
        None => format!(
            "{} holes; the lowest total wins.",
            capital(&count(rules.holes as usize))
        ),
    }];
    let ways: Vec<&str> = rules
        .tiebreak
        .iter()
        .map(|t| match t {
            Tiebreak::Countback => "the lowest single hole (countback)",
            Tiebreak::MostHolesWon => "the most holes won",
            Tiebreak::CardMatching => "the lowest last 9, 6, 3, then 1 holes",
            Tiebreak::SuddenDeath => "extra holes until one player scores lowest (sudden death)",
            Tiebreak::Shared => "a shared win",
        })
        .collect();
    if !ways.is_empty() {
        said.push(format!("A tie for first goes to {}.", ways.join(", then ")));
    }
    said
}

/// How a turn goes, who starts, knocking and looking (RULES.md §14, Official §1.3, §3).
pub fn play(rules: &Rules) -> Vec<String> {
    let Some(p) = &rules.playing else {
        return Vec::new();
    };
    let mut said = vec![match p.first {
        FirstPlayer::HighestFaceUp => {
            "The player with the highest face-up card starts.".to_string()
        }
        FirstPlayer::DealerLeft => "The player on the dealer's left starts.".to_string(),
    }];
    let after = match p.discard_drawn {
        DiscardDrawn::Flip => "or discard a card drawn from the deck and turn one of yours face up",
        DiscardDrawn::Free => "or discard a card drawn from the deck",
        DiscardDrawn::FlipUnlessLast => "or discard a card drawn from the deck and turn one of yours face up (your last face-down card may stay down)",
    };
    said.push(format!(
        "A turn: draw from the deck or take the top discard and swap it for one of your cards, {after}."
    ));
    said.push(match p.may_knock {
        true => "You may knock instead of drawing: everyone else takes one last turn.".to_string(),
        false => "No knocking: the hole ends when a player's cards are all face up.".to_string(),
    });
    said.push(match p.may_look_once {
        true => "You may look at your own face-down cards once a hole.".to_string(),
        false => "No looking at your face-down cards.".to_string(),
    });
    said
}

/// Tournament penalties (RULES.md §9, §13).
pub fn tournament(rules: &Rules) -> Vec<String> {
    let t = &rules.tournament;
    let steps: Vec<String> = t
        .illegal_move
        .iter()
        .map(|o| match o {
            Offence::Warning => "a warning".to_string(),
            Offence::Points(n) => format!("{n} points"),
            Offence::Disqualify => "disqualification from the round".to_string(),
        })
        .collect();
    let mut said = Vec::new();
    if !steps.is_empty() {
        said.push(format!("An illegal move costs {}.", steps.join(", then ")));
    }
    said.push(format!(
        "Lateness costs {} points a minute.",
        t.late_per_minute
    ));
    said.push(format!(
        "Tables of up to {} players, {} rounds; a player disqualified from a round is charged the round's highest total plus {}.",
        t.table_size, t.rounds, t.round_disqualification
    ));
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn going_out_in_players_words() {
        let ten = crate::rules::resolve("classic", &["out-penalty-10".into()]).unwrap();
        assert_eq!(
            going_out(&ten),
            ["Going out without the lowest score costs 10; a tie for lowest is safe."]
        );
        let ties = crate::rules::resolve(
            "classic",
            &["out-penalty-10".into(), "out-penalty-ties".into()],
        )
        .unwrap();
        assert!(going_out(&ties)[0].contains("a tie for lowest pays too"));
        let classic = crate::rules::resolve("classic", &[]).unwrap();
        assert!(going_out(&classic)[0].contains("costs nothing"));
        let bonus = crate::rules::resolve("classic", &["out-bonus-5".into()]).unwrap();
        assert_eq!(going_out(&bonus), ["Going out takes 5 off your score."]);
    }

    #[test]
    fn a_pack_of_its_own_and_column_bonuses_in_players_words() {
        let nine = crate::rules::resolve("play-nine", &[]).unwrap();
        assert_eq!(card_values(&nine), "hole-in-one −5 · 0–12 face value");
        let sets = matched(&nine).join(" ");
        assert!(
            sets.contains("a pair of hole-in-ones at −5 is −10"),
            "{sets}"
        );
        assert!(
            sets.contains("earn a bonus in all: two −10, three −15, four −20"),
            "{sets}"
        );
        let plain = crate::rules::resolve("four-card-multiples", &[]).unwrap();
        assert!(matched(&plain)
            .join(" ")
            .contains("Every card whose rank appears two or more times"));
    }

    #[test]
    fn card_values_in_players_words() {
        let classic = crate::rules::resolve("classic", &[]).unwrap();
        assert_eq!(
            card_values(&classic),
            "A 1 · 2 −2 · 3–10 face value · J 10 · Q 10 · K 0"
        );
        let jokers = crate::rules::resolve("jokers", &[]).unwrap();
        assert_eq!(
            card_values(&jokers),
            "A 1 · 2–10 face value · J 10 · Q 10 · K 0 · joker −2"
        );
    }
}
