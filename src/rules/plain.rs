//! Resolved rules in players' words (issue 31): what a table says aloud — "going out
//! without the lowest score costs 10", "K 0" — rather than the rules file's keys. Used by
//! `golf rules sheet` and by the rulings that answer from the rules in force.

use super::{BonusWhen, NegativeMatches, Penalty, PenaltyWhen, Rules};
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
    let symbol = match suit {
        crate::card::Suit::Spades => '♠',
        crate::card::Suit::Hearts => '♥',
        crate::card::Suit::Diamonds => '♦',
        crate::card::Suit::Clubs => '♣',
    };
    format!("{}{symbol}", rank.key())
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
        return rules
            .pack
            .iter()
            .zip(&rules.values.faces)
            .map(|(f, v)| format!("{} {}", f.name, points(*v)))
            .collect::<Vec<_>>()
            .join(" · ");
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

/// What a matched pair of negative cards scores, as a table says it.
pub fn negative_pairs(rules: &Rules) -> &'static str {
    match rules.matching.negative_matches {
        NegativeMatches::Keep => {
            "a matched set of negative cards keeps its sum (a pair of 2s at −2 is −4)"
        }
        NegativeMatches::Cancel => "a matched set of negative cards scores 0 like any other",
    }
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
