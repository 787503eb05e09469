//! The resolved rules as facts (`golf rules show`, `golf rules diff`): every key with its
//! value as a rules file writes it and the source it comes from.

use serde::Serialize;

use super::*;

/// One resolved rule as shown by `golf rules show` and compared by `golf rules diff`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fact {
    /// The dotted key (`matching.columns`).
    pub key: String,
    /// The value, as written in a rules file.
    pub value: String,
    /// Where it comes from.
    pub source: String,
}

impl Rules {
    /// Every rule as a `(key, value, source)` fact, in file order.
    pub fn facts(&self) -> Vec<Fact> {
        let mut facts = self.pack_facts();
        facts.extend(self.matching_facts());
        facts.extend(self.play_facts());
        let mut out: Vec<Fact> = facts
            .into_iter()
            .map(|(key, value)| Fact {
                source: self.source_of(&key).to_string(),
                key,
                value,
            })
            .collect();
        out.extend(self.play.iter().map(|p| Fact {
            key: format!("play.{}", p.name),
            value: p.text.clone(),
            source: p.source.clone(),
        }));
        out
    }

    /// Layout, deck and card values.
    fn pack_facts(&self) -> Vec<(String, String)> {
        let mut facts: Vec<(String, String)> = vec![
            (
                "layout".into(),
                format!("{}×{}", self.layout.rows, self.layout.columns),
            ),
            ("deck.decks".into(), self.deck.decks.to_string()),
            (
                "deck.jokers_per_deck".into(),
                self.deck.jokers_per_deck.to_string(),
            ),
        ];
        if !self.deck.decks_by_players.is_empty() {
            let by: Vec<String> = self
                .deck
                .decks_by_players
                .iter()
                .map(|(p, d)| format!("{p}+ players: {d}"))
                .collect();
            facts.push(("deck.decks_by_players".into(), by.join(", ")));
        }
        if let Some(j) = self.deck.jokers {
            facts.push(("deck.jokers".into(), format!("{j} in the whole pack")));
        }
        for f in &self.pack {
            facts.push((
                format!("pack.{}", f.name),
                format!(
                    "typed {}; {} a pack; scores {}",
                    f.tokens.join(" or "),
                    f.copies,
                    f.value
                ),
            ));
        }
        if self.pack.is_empty() {
            for (rank, value) in Rank::STANDARD.iter().zip(self.values.ranks) {
                facts.push((format!("values.{}", rank.key()), value.to_string()));
            }
        }
        if let Some(j) = self.values.joker {
            facts.push(("values.joker".into(), j.to_string()));
        }
        for (rank, suit, v) in &self.values.suited {
            let card = Card {
                rank: *rank,
                suit: Some(*suit),
            };
            facts.push((format!("values.suited.{card}"), v.to_string()));
        }
        facts
    }

    /// How cards match.
    fn matching_facts(&self) -> Vec<(String, String)> {
        let mut facts = Vec::new();
        let m = &self.matching;
        facts.extend([
            ("matching.columns".into(), m.columns.to_string()),
            ("matching.rows".into(), m.rows.to_string()),
            ("matching.diagonals".into(), m.diagonals.to_string()),
            ("matching.row_pairs".into(), m.row_pairs.to_string()),
            ("matching.anywhere".into(), name_of(&m.anywhere)),
            (
                "matching.negative_matches".into(),
                name_of(&m.negative_matches),
            ),
        ]);
        for (rank, value) in &m.matched_values {
            facts.push((
                format!("matching.matched_values.{}", self.rank_key(*rank)),
                value.to_string(),
            ));
        }
        for (rank, table) in &m.rank_columns {
            let table: Vec<String> = table.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            facts.push((
                format!("matching.rank_columns.{}", self.rank_key(*rank)),
                format!("{{ {} }}", table.join(", ")),
            ));
        }
        if !m.same_rank_columns.is_empty() {
            let table: Vec<String> = m
                .same_rank_columns
                .iter()
                .map(|(k, v)| format!("{k} = {v}"))
                .collect();
            facts.push((
                "matching.same_rank_columns".into(),
                format!("{{ {} }}", table.join(", ")),
            ));
        }
        facts
    }

    /// Going out, the match and tournament penalties.
    fn play_facts(&self) -> Vec<(String, String)> {
        let mut facts = Vec::new();
        let g = &self.going_out;
        facts.extend([
            ("going_out.penalty".into(), g.penalty.to_string()),
            ("going_out.penalty_when".into(), name_of(&g.penalty_when)),
            ("going_out.bonus".into(), g.bonus.to_string()),
            ("going_out.bonus_when".into(), name_of(&g.bonus_when)),
            (
                "tournament.illegal_move".into(),
                self.tournament
                    .illegal_move
                    .iter()
                    .map(|o| String::from(*o))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (
                "tournament.late_per_minute".into(),
                self.tournament.late_per_minute.to_string(),
            ),
            (
                "tournament.negative_points".into(),
                self.tournament.negative_points.to_string(),
            ),
            (
                "tournament.table_size".into(),
                self.tournament.table_size.to_string(),
            ),
            (
                "tournament.rounds".into(),
                self.tournament.rounds.to_string(),
            ),
            (
                "tournament.round_disqualification".into(),
                format!(
                    "round's highest total + {}",
                    self.tournament.round_disqualification
                ),
            ),
            ("match.holes".into(), self.holes.to_string()),
            (
                "match.tiebreak".into(),
                self.tiebreak
                    .iter()
                    .map(|t| t.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        ]);
        for (from, to) in &self.hole.score_map {
            facts.push((format!("hole.score_map.{from}"), to.to_string()));
        }
        if let Some(b) = self.hole.lowest_bonus {
            facts.push(("hole.lowest_bonus".into(), b.to_string()));
        }
        if let Some(p) = self.hole.tie_penalty {
            facts.push(("hole.tie_penalty".into(), p.to_string()));
        }
        if let Some(t) = self.target {
            facts.push(("match.target".into(), t.to_string()));
        }
        if let Some(p) = &self.playing {
            facts.extend([
                (
                    "play.face_up_at_start".into(),
                    p.face_up_at_start.to_string(),
                ),
                ("play.peek_at_start".into(), p.peek_at_start.to_string()),
                ("play.start_cards".into(), name_of(&p.start_cards)),
                ("play.first".into(), name_of(&p.first)),
                ("play.discard_drawn".into(), name_of(&p.discard_drawn)),
                ("play.may_knock".into(), p.may_knock.to_string()),
                ("play.may_look_once".into(), p.may_look_once.to_string()),
            ]);
        }
        facts
    }
}
