//! Resolving rules (RULES.md §6): the merged layers ([`super::layers`]) checked as a whole
//! and made into [`Rules`] — every rank valued, jokers with a value, diagonals only on a
//! square grid, every key's source kept.

use std::collections::BTreeMap;

use toml::{Table, Value};

use super::layers::*;
use super::raw::RawLayer;
use super::RulesError;
use super::{Deck, GoingOut, Layout, Matching, PlayRule, Rules, Ruling, Tournament, Values};
use crate::card::Rank;

/// Resolves the rules written in `text`, as if read from a group's file named `label`
/// (`extends` may name a bundled variant, or a path relative to the working folder).
/// Errors as [`resolve`].
pub fn resolve_text(label: &str, text: &str) -> Result<Rules, RulesError> {
    let layer = Layer::parse(label.to_string(), label, text.to_string(), None)?;
    let mut layers = match layer.raw.extends.clone() {
        Some(parent) => variant_chain(&parent)?,
        None => Vec::new(),
    };
    layers.push(layer);
    build(layers, &[])
}

/// Resolves rules: the variant `rules` (a bundled name or a file path) with its `extends`
/// chain, then each house rule (a bundled name or a file path) in order.
///
/// Errors: unknown names, unreadable files, TOML syntax, unknown keys or bad values (with
/// file, line and key), and rules that do not hold together (a rank without a value, jokers
/// without a joker value, diagonals on a grid that is not square).
pub fn resolve(rules: &str, house: &[String]) -> Result<Rules, RulesError> {
    let layers = variant_chain(rules)?;
    build(layers, house)
}

/// Merges variant `layers` (root first) with the named house rules and checks the whole.
fn build(mut layers: Vec<Layer>, house: &[String]) -> Result<Rules, RulesError> {
    let variants = layers.len();
    for h in house {
        let layer = house_layer(h)?;
        // a house rule applies once: named twice (by name or by file) is a mistake
        if layers[variants..].iter().any(|l| l.name == layer.name) {
            return Err(RulesError::Syntax {
                file: format!("house rule `{}`", crate::text::escape(&layer.name)),
                message: "named twice; each house rule applies once, so name it once".into(),
            });
        }
        layers.push(layer);
    }
    let mut merged = Table::new();
    let mut set_by = BTreeMap::new();
    for (i, layer) in layers.iter().enumerate() {
        merge(&mut merged, &layer.table, "", i, &mut set_by);
    }
    let raw: RawLayer = Value::Table(merged)
        .try_into()
        .map_err(|e: toml::de::Error| RulesError::Syntax {
            file: layers[variants - 1].label.clone(),
            message: e.to_string(),
        })?;

    let sources: BTreeMap<String, String> = set_by
        .iter()
        .map(|(key, &i)| {
            let layer = &layers[i];
            let source = layer
                .source_for(key)
                .unwrap_or_else(|| format!("rules file {}", layer.label));
            let source = if i >= variants {
                format!("{source}, house rule {}", layer.name)
            } else {
                source
            };
            (key.clone(), source)
        })
        .collect();

    let variant = &layers[variants - 1];
    let resolved = Resolved {
        layers: &layers,
        set_by: &set_by,
        variant,
    };
    resolved.check(raw, sources, house)
}

struct Resolved<'a> {
    layers: &'a [Layer],
    set_by: &'a BTreeMap<String, usize>,
    variant: &'a Layer,
}

impl Resolved<'_> {
    /// An error about `key`, pointing at the layer that set it (or the variant's file).
    fn invalid(&self, key: &str, message: String) -> RulesError {
        let parent = key.rsplit_once('.').map(|(p, _)| p);
        let layer = self
            .set_by
            .get(key)
            .or_else(|| {
                parent.and_then(|p| {
                    self.set_by
                        .iter()
                        .find(|(k, _)| k.starts_with(&format!("{p}.")))
                        .map(|(_, i)| i)
                })
            })
            .and_then(|&i| self.layers.get(i))
            .unwrap_or(self.variant);
        RulesError::Invalid {
            file: layer.label.clone(),
            line: layer.line_of(key),
            key: key.to_string(),
            message,
        }
    }

    fn missing(&self, key: &str) -> RulesError {
        self.invalid(
            key,
            format!(
                "not set by {} or anything it extends; every rules file chain must set it",
                self.variant.label
            ),
        )
    }

    /// A required key: its value, or an error naming the key and the file.
    fn required<T>(&self, value: Option<T>, key: &str) -> Result<T, RulesError> {
        value.ok_or_else(|| self.missing(key))
    }

    /// Turns the merged layers into checked [`Rules`]: every key a rule reads is set by
    /// the chain (nothing is defaulted here), every rank valued, jokers valued when dealt,
    /// diagonals only on square grids, non-empty tiebreak chain and escalation.
    fn check(
        &self,
        raw: RawLayer,
        sources: BTreeMap<String, String>,
        house: &[String],
    ) -> Result<Rules, RulesError> {
        let l = raw.layout.unwrap_or_default();
        let layout = Layout {
            rows: self.required(l.rows, "layout.rows")?.0 as usize,
            columns: self.required(l.columns, "layout.columns")?.0 as usize,
        };
        let deck = self.deck(raw.deck.unwrap_or_default())?;
        let pack = self.pack(raw.pack, &deck)?;
        let values = self.values(raw.values.unwrap_or_default(), &deck, &pack)?;
        let matching = self.matching(raw.matching.unwrap_or_default(), &layout, &pack)?;
        let g = raw.going_out.unwrap_or_default();
        let going_out = GoingOut {
            penalty: self.required(g.penalty, "going_out.penalty")?,
            penalty_when: self.required(g.penalty_when, "going_out.penalty_when")?,
            bonus: self.required(g.bonus, "going_out.bonus")?.0,
            bonus_when: self.required(g.bonus_when, "going_out.bonus_when")?,
        };
        let mt = raw.match_.unwrap_or_default();
        let tiebreak = self.required(mt.tiebreak, "match.tiebreak")?;
        if tiebreak.is_empty() {
            return Err(self.invalid(
                "match.tiebreak",
                "the tiebreak chain is empty; expected at least one method, e.g. [\"shared\"]"
                    .into(),
            ));
        }
        let v = &self.variant.raw;
        Ok(Rules {
            name: self.variant.name.clone(),
            title: v.title.clone().unwrap_or_else(|| self.variant.name.clone()),
            summary: v.summary.clone().unwrap_or_default(),
            source: v
                .source
                .clone()
                .unwrap_or_else(|| format!("rules file {}", self.variant.label)),
            house: self.layers[self.layers.len() - house.len()..]
                .iter()
                .map(|l| l.name.clone())
                .collect(),
            layout,
            deck,
            values,
            matching,
            going_out,
            holes: self.required(mt.holes, "match.holes")?.0,
            tiebreak,
            tournament: self.tournament(raw.tournament.unwrap_or_default())?,
            pack,
            hole: hole_rules(raw.hole.unwrap_or_default()),
            target: mt.target.map(|t| t.0),
            playing: self.playing(raw.play.as_ref(), house.len())?,
            play: play_rules(raw.play.map(|p| p.rules).unwrap_or_default(), &sources),
            rulings: raw
                .rulings
                .unwrap_or_default()
                .into_iter()
                .map(|(id, r)| Ruling {
                    id,
                    topic: r.topic,
                    question: r.question,
                    answer: r.answer,
                    source: r.source,
                })
                .collect(),
            sources,
        })
    }

    /// The `[play]` data (RULES.md §14): absent when no variant layer sets any of it (house
    /// rules alone only override), else every key required. Whether the start cards fit the
    /// grid is checked by the simulator, which needs it ([`crate::sim::Trial::check`]): a
    /// group's odd grid still scores.
    fn playing(
        &self,
        play: Option<&super::raw::RawPlaySection>,
        house: usize,
    ) -> Result<Option<super::Playing>, RulesError> {
        let variants = self.layers.len() - house;
        let from_variant = self.set_by.iter().any(|(key, &i)| {
            i < variants
                && key
                    .strip_prefix("play.")
                    .is_some_and(|k| PLAY_KEYS.contains(&k))
        });
        let Some(p) = play.filter(|_| from_variant) else {
            return Ok(None);
        };
        let playing = super::Playing {
            face_up_at_start: self
                .required(p.face_up_at_start, "play.face_up_at_start")?
                .0,
            peek_at_start: self.required(p.peek_at_start, "play.peek_at_start")?.0,
            start_cards: self.required(p.start_cards, "play.start_cards")?,
            first: self.required(p.first, "play.first")?,
            discard_drawn: self.required(p.discard_drawn, "play.discard_drawn")?,
            may_knock: self.required(p.may_knock, "play.may_knock")?,
            may_look_once: self.required(p.may_look_once, "play.may_look_once")?,
        };
        Ok(Some(playing))
    }

    fn deck(&self, d: super::raw::RawDeck) -> Result<Deck, RulesError> {
        Ok(Deck {
            decks: self.required(d.decks, "deck.decks")?.0,
            jokers_per_deck: self.required(d.jokers_per_deck, "deck.jokers_per_deck")?.0,
            jokers: d.jokers.map(|j| j.0),
            decks_by_players: d
                .decks_by_players
                .unwrap_or_default()
                .into_iter()
                .map(|(p, d)| (p.0, d.0))
                .collect(),
        })
    }

    /// A pack of the rules' own: 1 to 64 faces, each with tokens no other face uses and
    /// that can be typed in a grid; no jokers beside it.
    fn pack(
        &self,
        raw: Option<super::raw::RawPack>,
        deck: &Deck,
    ) -> Result<Vec<super::Face>, RulesError> {
        let Some(raw) = raw else {
            return Ok(Vec::new());
        };
        let bad = |message: String| self.invalid("pack.faces", message);
        if raw.faces.is_empty() || raw.faces.len() > 64 {
            return Err(bad(format!(
                "a pack has 1 to 64 faces; this one has {}",
                raw.faces.len()
            )));
        }
        if deck.has_jokers() {
            return Err(bad(
                "a pack of its own holds no jokers; set deck.jokers_per_deck = 0 and list any wild card as a face".into(),
            ));
        }
        let mut seen: Vec<String> = Vec::new();
        let mut faces = Vec::new();
        for f in raw.faces {
            if f.tokens.is_empty() {
                return Err(bad(format!(
                    "the face `{}` has no tokens; expected what players type for it",
                    f.name
                )));
            }
            for t in &f.tokens {
                let t = t.to_uppercase();
                if t.is_empty()
                    || t.chars()
                        .any(|c| c.is_whitespace() || matches!(c, ',' | '/' | '|'))
                {
                    return Err(bad(format!("the token `{t}` cannot be typed in a grid; expected no spaces, commas, `/` or `|`")));
                }
                if seen.contains(&t) {
                    return Err(bad(format!(
                        "the token `{t}` stands for two faces; expected each token once"
                    )));
                }
                seen.push(t);
            }
            faces.push(super::Face {
                name: f.name,
                tokens: f.tokens,
                copies: f.copies.0,
                value: f.value.0,
            });
        }
        Ok(faces)
    }

    /// The rank a key of `matching.matched_values` or `matching.rank_columns` names: a
    /// rank (`J`, `joker`), or a face of the pack by name or token.
    fn rank_of(&self, key: &str, table: &str, pack: &[super::Face]) -> Result<Rank, RulesError> {
        let face = pack.iter().position(|f| {
            f.name.eq_ignore_ascii_case(key) || f.tokens.iter().any(|t| t.eq_ignore_ascii_case(key))
        });
        match (face, Rank::parse(key)) {
            (Some(i), _) => Ok(Rank::Face(i as u8)),
            (None, Some(rank)) if pack.is_empty() => Ok(rank),
            _ => Err(self.invalid(
                &format!("matching.{table}.{key}"),
                format!("`{key}` is not a rank of this pack; expected A, 2–10, J, Q, K, joker, or a face of the rules' own pack"),
            )),
        }
    }

    fn values(
        &self,
        v: super::raw::RawValues,
        deck: &Deck,
        pack: &[super::Face],
    ) -> Result<Values, RulesError> {
        let faces: Vec<i32> = pack.iter().map(|f| f.value).collect();
        let mut ranks = [0; 13];
        for (i, value) in v.ranks().into_iter().enumerate() {
            if !pack.is_empty() {
                break; // the pack's faces carry their own values
            }
            let rank = Rank::STANDARD[i];
            ranks[i] = value.ok_or_else(|| {
                self.invalid(
                    &format!("values.{}", rank.key()),
                    format!(
                        "the values table has no value for {}; it must cover every rank A, 2–10, J, Q, K",
                        rank.plural()
                    ),
                )
            })?;
        }
        if deck.has_jokers() && v.joker.is_none() {
            return Err(self.invalid(
                "values.joker",
                format!(
                    "the deck has {} jokers per deck but the values table gives jokers no value",
                    deck.jokers_per_deck
                ),
            ));
        }
        Ok(Values {
            faces,
            ranks,
            joker: v.joker.map(|v| v.0),
            suited: v
                .suited
                .unwrap_or_default()
                .into_iter()
                .map(|(c, v)| (c.0, c.1, v.0))
                .collect(),
        })
    }

    fn matching(
        &self,
        m: super::raw::RawMatching,
        layout: &Layout,
        pack: &[super::Face],
    ) -> Result<Matching, RulesError> {
        let mut matched_values = Vec::new();
        for (key, points) in m.matched_values.unwrap_or_default() {
            matched_values.push((self.rank_of(&key, "matched_values", pack)?, points.0));
        }
        let mut rank_columns = Vec::new();
        for (key, table) in m.rank_columns.unwrap_or_default() {
            let table = table.into_iter().map(|(k, v)| (k.0, v.0)).collect();
            rank_columns.push((self.rank_of(&key, "rank_columns", pack)?, table));
        }
        let matching = Matching {
            columns: self.required(m.columns, "matching.columns")?,
            rows: self.required(m.rows, "matching.rows")?,
            diagonals: self.required(m.diagonals, "matching.diagonals")?,
            row_pairs: self.required(m.row_pairs, "matching.row_pairs")?,
            anywhere: self.required(m.anywhere, "matching.anywhere")?,
            negative_matches: self.required(m.negative_matches, "matching.negative_matches")?,
            same_rank_columns: m
                .same_rank_columns
                .unwrap_or_default()
                .into_iter()
                .map(|(k, v)| (k.0, v.0))
                .collect(),
            rank_columns,
            matched_values,
        };
        if matching.diagonals && layout.rows != layout.columns {
            return Err(self.invalid(
                "matching.diagonals",
                format!(
                    "diagonals need a square grid but the layout is {}×{}",
                    layout.rows, layout.columns
                ),
            ));
        }
        Ok(matching)
    }

    fn tournament(&self, t: super::raw::RawTournament) -> Result<Tournament, RulesError> {
        let tournament = Tournament {
            illegal_move: self.required(t.illegal_move, "tournament.illegal_move")?,
            late_per_minute: self
                .required(t.late_per_minute, "tournament.late_per_minute")?
                .0 as i32,
            negative_points: self.required(t.negative_points, "tournament.negative_points")?,
            round_disqualification: self
                .required(
                    t.round_disqualification,
                    "tournament.round_disqualification",
                )?
                .0 as i32,
            table_size: self.required(t.table_size, "tournament.table_size")?.0,
            rounds: self.required(t.rounds, "tournament.rounds")?.0,
        };
        if tournament.illegal_move.is_empty() {
            return Err(self.invalid(
                "tournament.illegal_move",
                "the escalation is empty; expected at least one step, e.g. [\"warning\", \"5\", \"disqualify\"]".into(),
            ));
        }
        Ok(tournament)
    }
}

/// The hole adjustments of `[hole]` (RULES.md §5 steps 1, 3, 4).
fn hole_rules(h: super::raw::RawHole) -> super::HoleRules {
    super::HoleRules {
        score_map: h
            .score_map
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (k.0, v.0))
            .collect(),
        lowest_bonus: h.lowest_bonus.map(|p| p.0),
        tie_penalty: h.tie_penalty.map(|p| p.0),
    }
}

/// The rules of play, each citing its own source or the one `[sources]` gives it.
fn play_rules(
    play: BTreeMap<String, super::raw::RawPlay>,
    sources: &BTreeMap<String, String>,
) -> Vec<PlayRule> {
    play.into_iter()
        .map(|(name, p)| PlayRule {
            source: p.source.unwrap_or_else(|| {
                sources
                    .get(&format!("play.{name}"))
                    .cloned()
                    .unwrap_or_default()
            }),
            name,
            text: p.text,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bundled;
    use serde::Deserialize;
    use std::path::Path;

    #[test]
    fn rules_keys_are_every_key_of_a_rules_file() {
        let mut table = Table::new();
        table.insert("no-such-key".into(), Value::Integer(1));
        let err = RawLayer::deserialize(table).unwrap_err().to_string();
        let expected: Vec<String> = RULES_KEYS.iter().map(|k| format!("`{k}`")).collect();
        assert!(err.contains(&expected.join(", ")), "{err}");
    }

    /// What build.rs made of each bundled file is what the TOML says: the same table, a
    /// clean text (the check a file of a group's own gets), and the same listing as the
    /// resolved rules.
    #[test]
    fn build_time_tables_and_listing_match_the_toml() {
        for (kind, files) in [("", bundled::VARIANTS), ("house/", bundled::HOUSE_RULES)] {
            for file in files {
                let parsed = Layer::parse(kind.to_string(), file.name, file.text.into(), None)
                    .unwrap_or_else(|e| panic!("{}: {e}", file.name));
                let built = Layer::bundled(kind, file).unwrap();
                assert_eq!(built.table, parsed.table, "{}", file.name);
                assert_eq!(built.name, parsed.name, "{}", file.name);
            }
        }
        let (listed, house) = super::super::listing();
        assert_eq!(listed.len(), bundled::VARIANTS.len());
        for l in listed {
            let r = resolve(l.file, &[]).unwrap();
            let got = (l.name, l.title, l.source, l.rows, l.columns, l.decks);
            let want = (
                r.name.as_str(),
                r.title.as_str(),
                r.source.as_str(),
                r.layout.rows as i64,
                r.layout.columns as i64,
                i64::from(r.deck.decks),
            );
            assert_eq!(got, want, "{}", l.file);
            let (jokers, holes) = (i64::from(r.deck.jokers_per_deck), i64::from(r.holes));
            assert_eq!((l.jokers_per_deck, l.holes), (jokers, holes), "{}", l.file);
        }
        assert_eq!(house.len(), bundled::HOUSE_RULES.len());
        for h in house {
            assert_eq!(
                (h.summary.clone(), h.source.clone()),
                house_meta(h.name).unwrap()
            );
        }
    }

    fn write(dir: &Path, name: &str, text: &str) -> String {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }

    #[test]
    fn every_bundled_variant_and_house_rule_resolves() {
        for name in bundled::variant_names() {
            let rules = resolve(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(rules.name, *name);
        }
        for name in bundled::house_names() {
            resolve("classic", &[name.to_string()]).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    /// Every bundled variant says how a hole is played (RULES.md §14); the play house rules
    /// override only their key and cite themselves; a file written from scratch without
    /// `[play]` has none, and one that sets part of it names the missing key.
    #[test]
    fn play_data_resolves_and_house_rules_of_play_override_it() {
        use crate::rules::{DiscardDrawn, FirstPlayer, StartCards};
        for name in bundled::variant_names() {
            assert!(resolve(name, &[]).unwrap().playing.is_some(), "{name}");
        }
        let four = resolve("four-card", &[]).unwrap().playing.unwrap();
        assert_eq!((four.face_up_at_start, four.peek_at_start), (0, 2));
        assert_eq!(
            (four.first, four.discard_drawn),
            (FirstPlayer::DealerLeft, DiscardDrawn::Free)
        );
        assert!(four.may_knock);
        let eight = resolve("eight-card", &[]).unwrap().playing.unwrap();
        assert_eq!(
            (eight.start_cards, eight.discard_drawn),
            (StartCards::OneColumn, DiscardDrawn::FlipUnlessLast)
        );
        let house = ["knock", "no-penalty-discard", "look-once"].map(String::from);
        let r = resolve("classic", &house).unwrap();
        let p = r.playing.unwrap();
        assert!(p.may_knock && p.may_look_once);
        assert_eq!(
            (p.discard_drawn, p.first),
            (DiscardDrawn::Free, FirstPlayer::HighestFaceUp)
        );
        assert!(r.source_of("play.may_knock").contains("house rule knock"));
        let scratch = std::fs::read_to_string("rules/classic.toml").unwrap();
        let start = scratch.find("[play]").unwrap();
        let end = scratch[start..].find("\n[").unwrap() + start + 1;
        let without = format!("{}{}", &scratch[..start], &scratch[end..]);
        assert!(resolve_text("ours.toml", &without)
            .unwrap()
            .playing
            .is_none());
        let house_only = resolve_text("ours.toml", &without).map(|_| ());
        assert!(house_only.is_ok());
        let partial = without.replace("[layout]", "[play]\nface_up_at_start = 2\n\n[layout]");
        let err = resolve_text("ours.toml", &partial).unwrap_err().to_string();
        assert!(err.contains("play.peek_at_start"), "{err}");
    }

    #[test]
    fn house_rules_override_only_their_keys_and_cite_themselves() {
        let rules = resolve("classic", &["horizontal-pairs".into()]).unwrap();
        assert!(rules.matching.row_pairs && rules.matching.columns);
        assert_eq!(rules.house, vec!["horizontal-pairs"]);
        assert!(rules.source_of("matching.row_pairs").contains("§9.1"));
        assert!(rules
            .source_of("matching.row_pairs")
            .contains("house rule horizontal-pairs"));
        assert!(rules.source_of("matching.columns").contains("§2.3"));
    }

    #[test]
    fn group_file_extends_and_overrides() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "ours.toml",
            "name = \"ours\"\nextends = \"classic\"\nsource = \"our table\"\n[values]\nK = -1\n",
        );
        let rules = resolve(&path, &[]).unwrap();
        assert_eq!(rules.name, "ours");
        assert_eq!(rules.values.of_rank(Rank::King), -1);
        assert_eq!(rules.values.of_rank(Rank::Two), -2);
        assert_eq!(rules.source_of("values.K"), "our table");
        assert!(rules.source_of("values.2").contains("Official"));
    }

    #[test]
    fn unknown_key_names_file_line_and_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "bad.toml",
            "extends = \"classic\"\n\n[matching]\ncolumns = true\ncolums = true\n",
        );
        let err = resolve(&path, &[]).unwrap_err().to_string();
        assert!(err.contains("bad.toml"), "{err}");
        assert!(err.contains("line 5"), "{err}");
        assert!(err.contains("colums"), "{err}");
    }

    #[test]
    fn values_must_cover_every_rank() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(
            dir.path(),
            "short.toml",
            "[layout]\nrows = 2\ncolumns = 2\n\n[values]\nA = 1\n2 = 2\n3 = 3\n4 = 4\n5 = 5\n6 = 6\n7 = 7\n8 = 8\n9 = 9\n10 = 10\nJ = 10\nQ = 10\n\n[deck]\ndecks = 1\njokers_per_deck = 0\n",
        );
        let err = resolve(&path, &[]).unwrap_err().to_string();
        assert!(err.contains("short.toml, line 5"), "{err}");
        assert!(err.contains("values.K") && err.contains("kings"), "{err}");
    }

    #[test]
    fn extends_loop_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "a.toml", "extends = \"b.toml\"\n");
        let a = write(dir.path(), "b.toml", "extends = \"a.toml\"\n");
        assert!(matches!(
            resolve(&a, &[]),
            Err(RulesError::ExtendsLoop { .. })
        ));
    }

    #[test]
    fn unknown_names_list_what_exists() {
        let err = resolve("clasic", &[]).unwrap_err().to_string();
        assert!(
            err.contains("classic") && err.contains("eight-card"),
            "{err}"
        );
        let err = resolve("classic", &["horizontal".into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("horizontal-pairs"), "{err}");
    }
}
