//! Invariants over random grids: notation round-trips, spacing and case never change a
//! score, house-rule overlays behave, and a breakdown always adds up.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use golf::card::{Card, Rank, Suit};
use golf::grid::Grid;
use golf::rules::{self, Rules};
use golf::scoring;
use proptest::prelude::*;

fn card() -> impl Strategy<Value = Card> {
    let rank = prop::sample::select(
        Rank::STANDARD
            .iter()
            .copied()
            .chain([Rank::Joker])
            .collect::<Vec<_>>(),
    );
    let suit = prop::option::of(prop::sample::select(Suit::ALL.to_vec()));
    (rank, suit).prop_map(|(rank, suit)| Card {
        rank,
        suit: if rank == Rank::Joker { None } else { suit },
    })
}

fn grid_of(rows: usize, columns: usize) -> impl Strategy<Value = Grid> {
    prop::collection::vec(card(), rows * columns)
        .prop_map(move |cards| Grid::from_cards(rows, columns, cards).unwrap())
}

fn any_grid() -> impl Strategy<Value = Grid> {
    (1usize..=4, 1usize..=6).prop_flat_map(|(r, c)| grid_of(r, c))
}

/// A card of few ranks (jack, five, king, two, joker), so that a grid of them has matched
/// columns, and several of one rank, far more often than a grid of any cards.
fn crowded_card() -> impl Strategy<Value = Card> {
    prop::sample::select(vec![
        Rank::Jack,
        Rank::Five,
        Rank::King,
        Rank::Two,
        Rank::Joker,
    ])
    .prop_map(Card::new)
}

fn crowded_grid() -> impl Strategy<Value = Grid> {
    (1usize..=4, 1usize..=6).prop_flat_map(|(rows, columns)| {
        prop::collection::vec(crowded_card(), rows * columns)
            .prop_map(move |cards| Grid::from_cards(rows, columns, cards).unwrap())
    })
}

/// Types a grid back the way a hurried player might: any separators, any case, T for 10.
fn retype(grid: &Grid, seps: &[u8]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let mut next = || {
        k += 1;
        seps[k % seps.len()]
    };
    for (r, row) in grid.cards().chunks(grid.columns()).enumerate() {
        if r > 0 {
            out.push_str(["/", " | ", "\n", " /  "][(next() % 4) as usize]);
        }
        for (c, card) in row.iter().enumerate() {
            if c > 0 {
                out.push_str([" ", ",", " , ", "   "][(next() % 4) as usize]);
            }
            let mut text = card.to_string();
            if card.rank == Rank::Ten && next() % 2 == 0 {
                text = text.replacen("10", "T", 1);
            }
            if card.rank == Rank::Joker {
                text = ["JK", "joker", "*", "Jk"][(next() % 4) as usize].to_string();
            }
            out.push_str(&if next() % 2 == 0 {
                text.to_lowercase()
            } else {
                text.to_uppercase()
            });
        }
    }
    out
}

fn with(name: &str, house: &[&str]) -> Rules {
    rules::resolve(
        name,
        &house.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .unwrap()
}

proptest! {
    #[test]
    fn display_then_parse_gives_the_same_grid(grid in any_grid()) {
        prop_assert_eq!(Grid::parse(&grid.to_string()).unwrap(), grid);
    }

    #[test]
    fn spacing_and_case_never_change_the_grid_or_score(
        grid in grid_of(2, 3),
        seps in prop::collection::vec(any::<u8>(), 1..16),
    ) {
        let typed = retype(&grid, &seps);
        let parsed = Grid::parse(&typed).unwrap();
        prop_assert_eq!(&parsed, &grid, "typed as {:?}", typed);
        let rules = with("jokers", &[]);
        prop_assert_eq!(scoring::score(&parsed, &rules).total, scoring::score(&grid, &rules).total);
    }

    #[test]
    fn breakdown_adds_up_and_explains_every_card_once(grid in grid_of(3, 3)) {
        for rules in [with("nine-card", &[]), with("nine-card", &["horizontal-pairs", "negative-pairs-keep"])] {
            let b = scoring::score(&grid, &rules);
            let sum = b.sets.iter().map(|s| s.points).sum::<i32>()
                + b.unmatched.iter().map(|u| u.points).sum::<i32>()
                + b.bonuses.iter().map(|x| x.points).sum::<i32>();
            prop_assert_eq!(sum, b.total);
            let explained = b.sets.iter().map(|s| s.cards.len()).sum::<usize>() + b.unmatched.len();
            prop_assert_eq!(explained, 9);
        }
    }

    #[test]
    fn a_house_rule_named_twice_is_refused(
        house in prop::sample::select(rules::bundled::house_names()),
        other in prop::sample::select(rules::bundled::house_names()),
    ) {
        let err = rules::resolve("jokers", &[house.to_string(), other.to_string(), house.to_string()])
            .unwrap_err()
            .to_string();
        prop_assert!(err.contains("named twice"), "{}: {}", house, err);
    }

    #[test]
    fn the_hole_steps_change_nothing_when_no_hole_rule_is_set(
        scores in prop::collection::vec(-500i32..500, 1..8),
        out in prop::option::of((0usize..8, any::<bool>())),
    ) {
        let names: Vec<String> = (0..scores.len()).map(|i| format!("p{i}")).collect();
        let ended = out.map(|(p, knocked)| scoring::Ended { player: p % scores.len(), knocked });
        for variant in rules::bundled::variant_names() {
            let rules = with(variant, &[]);
            for adj in scoring::hole(&scores, &names, ended, &rules) {
                prop_assert_eq!(adj.points, 0, "{}", variant);
                prop_assert!(adj.explanation.is_empty(), "{}: {}", variant, adj.explanation);
            }
        }
    }

    #[test]
    fn when_negative_sets_keep_their_sum_more_matching_never_raises_a_score(grid in grid_of(2, 4)) {
        // with negative_matches = keep, a set scores min(sum, 0) ≤ its cards' sum
        let plain = scoring::score(&grid, &with("jokers", &[])).total;
        let pairs = scoring::score(&grid, &with("jokers", &["horizontal-pairs"])).total;
        prop_assert!(pairs <= plain);
    }

    #[test]
    fn the_last_of_two_contradicting_house_rules_wins(grid in grid_of(2, 3)) {
        let keep_last = scoring::score(&grid, &with("six-card", &["negative-pairs-cancel", "negative-pairs-keep"])).total;
        let keep = scoring::score(&grid, &with("six-card", &["negative-pairs-keep"])).total;
        prop_assert_eq!(keep_last, keep);
    }
}

proptest! {
    #[test]
    fn any_text_parses_or_fails_cleanly(text in "\\PC{0,80}") {
        match Grid::parse(&text) {
            Ok(grid) => prop_assert_eq!(Grid::parse(&grid.to_string()).unwrap(), grid),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn near_grids_parse_or_fail_cleanly(text in "[ AaKkQqJjTt2-9*,/|\\n♠♥shdcx10-]{0,60}") {
        let rules = with("jokers", &[]);
        if let Ok(grid) = Grid::parse_for(&text, rules.expected()) {
            let b = scoring::score(&grid, &rules);
            prop_assert_eq!(b.sets.iter().map(|s| s.cards.len()).sum::<usize>() + b.unmatched.len(), 6);
        }
    }

    #[test]
    fn mangled_rules_files_load_or_fail_cleanly(
        drop_line in 0usize..60,
        dup_line in 0usize..60,
        junk in "[a-z_=\\[\\]\" 0-9.-]{0,20}",
        at in 0usize..60,
    ) {
        let text = rules::bundled::variant("eight-card").unwrap().text;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        if dup_line < lines.len() { let l = lines[dup_line].clone(); lines.insert(dup_line, l); }
        if drop_line < lines.len() { lines.remove(drop_line); }
        let at = at.min(lines.len());
        lines.insert(at, junk);
        match rules::resolve_text("mangled.toml", &lines.join("\n")) {
            Ok(r) => { let _ = r.facts(); }
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(msg.contains("mangled.toml") || msg.contains("rules"), "{}", msg);
            }
        }
    }
}

fn match_of(
    players: &[&str],
    scores: &[Vec<i32>],
    chain: Vec<golf::rules::Tiebreak>,
) -> golf::game::Match {
    use golf::game::{Match, Setup, Typed};
    const AT: &str = "2026-11-22T20:00:00Z";
    let setup = Setup {
        rules: "classic".into(),
        holes: Some(scores.len() as u32),
        tiebreak: chain.iter().map(|t| t.name().to_string()).collect(),
        players: players.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    let mut m = Match::new(&setup, AT).unwrap();
    for row in scores {
        let entries: Vec<(usize, Typed)> = row
            .iter()
            .enumerate()
            .map(|(seat, &v)| (seat, Typed::score(players[seat], i64::from(v)).unwrap()))
            .collect();
        let hole = m.play_hole(&entries, None, false, AT).unwrap();
        m.record(hole);
    }
    m
}

proptest! {
    #[test]
    fn seating_order_never_changes_the_result(
        scores in prop::collection::vec(prop::collection::vec(0i32..4, 3), 1..8),
    ) {
        use golf::rules::Tiebreak::*;
        let chain = vec![Countback, MostHolesWon, CardMatching, Shared];
        let forward = match_of(&["ann", "bob", "cat"], &scores, chain.clone());
        let reversed_scores: Vec<Vec<i32>> = scores.iter().map(|r| r.iter().rev().copied().collect()).collect();
        let backward = match_of(&["cat", "bob", "ann"], &reversed_scores, chain);
        let names = |m: &golf::game::Match| {
            let mut w: Vec<String> = m.outcome().winners.iter().map(|&s| m.players[s].clone()).collect();
            w.sort();
            w
        };
        prop_assert_eq!(names(&forward), names(&backward));
        prop_assert_eq!(forward.outcome().decided_by, backward.outcome().decided_by);
    }
}

/// A variant with house rules, then every matching switch set at random, so the test
/// reaches rows, diagonals, row pairs, both kinds of matching anywhere, kept and cancelled
/// negative sets, matched values (`eagle-eye`) and a rank's own column bonus (`wolfpack`).
fn any_rules() -> impl Strategy<Value = Rules> {
    let base = prop::sample::select(vec![
        ("classic", vec![]),
        ("jokers", vec!["eagle-eye"]),
        ("extended", vec!["wolfpack", "negative-pairs-keep"]),
        ("six-card", vec!["horizontal-pairs"]),
        ("nine-card", vec![]),
        ("four-card-multiples", vec!["super-kings"]),
        ("jokers", vec!["one-eyed-jacks", "negative-pairs-cancel"]),
        ("eight-card", vec![]),
        ("classic", vec!["four-of-a-kind-20"]),
    ]);
    let anywhere = prop::sample::select(vec![
        rules::Anywhere::None,
        rules::Anywhere::Multiples,
        rules::Anywhere::Pairs,
    ]);
    (base, any::<[bool; 5]>(), anywhere).prop_map(|((name, house), switches, anywhere)| {
        let mut rules = with(name, &house);
        let [columns, rows, diagonals, row_pairs, keep] = switches;
        let m = &mut rules.matching;
        (m.columns, m.rows, m.diagonals, m.row_pairs) = (columns, rows, diagonals, row_pairs);
        m.anywhere = anywhere;
        m.negative_matches = if keep {
            rules::NegativeMatches::Keep
        } else {
            rules::NegativeMatches::Cancel
        };
        rules
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn the_total_only_path_gives_the_explained_total(grid in any_grid(), rules in any_rules()) {
        let explained = scoring::score(&grid, &rules);
        prop_assert_eq!(scoring::total(&grid, &rules), explained.total, "{:?}", explained);
    }
}

/// [`any_rules`] with sets only down columns, so that `Scorer::by_columns` holds; most
/// match columns, and most have column bonuses: none, their own, or a same-rank table
/// and a rank's own table (kings') on top (RULES.md §3 step 5).
fn column_rules() -> impl Strategy<Value = Rules> {
    (any_rules(), 0u8..4, 0u8..4).prop_map(|(mut rules, columns, bonuses)| {
        let m = &mut rules.matching;
        (m.rows, m.diagonals, m.row_pairs) = (false, false, false);
        m.anywhere = rules::Anywhere::None;
        m.columns = columns > 0;
        if bonuses > 1 {
            m.same_rank_columns = [(2, -10), (3, -15), (4, -20)].into();
        }
        if bonuses > 2 {
            m.rank_columns = vec![(Rank::King, [(2, -7)].into())];
        }
        rules
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// A grid's total is its columns' shares plus the column bonus of their matched sets,
    /// and a swap changes one column's share and set (RULES.md §3 steps 2 and 5).
    #[test]
    fn column_shares_add_up_to_the_total_and_follow_a_swap(
        grid in prop_oneof![any_grid(), crowded_grid()],
        rules in column_rules(),
        cell in 0usize..24,
        card in prop_oneof![card(), crowded_card()],
    ) {
        let scorer = scoring::Scorer::new(&rules);
        prop_assert!(scorer.by_columns());
        let columns: Vec<_> = (0..grid.columns()).map(|c| scorer.column_and_rests(&grid, c)).collect();
        let mut sets: Vec<_> = columns
            .iter()
            .enumerate()
            .map(|(c, (_, rests))| scorer.column_set_with(rests[0], grid.cards()[c]))
            .collect();
        let shares: i32 = columns.iter().map(|(share, _)| share).sum();
        let bonus = scorer.column_bonus(&sets);
        prop_assert_eq!(shares + bonus, scorer.total(&grid));
        let cell = cell % grid.cards().len();
        let (row, column) = (cell / grid.columns(), cell % grid.columns());
        let mut swapped = grid.clone();
        swapped.replace(cell, card);
        let (share, rests) = columns[column];
        sets[column] = scorer.column_set_with(rests[row], card);
        let after = shares - share + scorer.column_total_with(rests[row], card) + scorer.column_bonus(&sets);
        prop_assert_eq!(after, scorer.total(&swapped));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// The simulator's points-only hole adjustments are the explained ones' points, at any
    /// table (past 16 players too), whoever ended the hole and however (RULES.md §5).
    #[test]
    fn hole_points_are_the_explained_adjustments_points(
        house in prop::sample::select(vec![
            "out-penalty-10", "out-penalty-double", "out-penalty-double-plus-5",
            "out-penalty-ties", "out-times-2", "out-bonus-5", "underdog", "tied-shame",
            "lucky-swing", "blackjack",
        ]),
        more in prop::sample::select(vec![None, Some("out-bonus-5"), Some("tied-shame")]),
        scores in prop::collection::vec(-20i32..60, 1..24),
        ender in any::<prop::sample::Index>(),
        ends in any::<bool>(),
        knocked in any::<bool>(),
    ) {
        // a house rule is named once (named twice is refused)
        let house: Vec<&str> = std::iter::once(house).chain(more.filter(|m| *m != house)).collect();
        let rules = with("classic", &house);
        let names: Vec<String> = (0..scores.len()).map(|i| format!("p{i}")).collect();
        let ended = ends.then(|| scoring::Ended { player: ender.index(scores.len()), knocked });
        let explained: Vec<i32> = scoring::hole(&scores, &names, ended, &rules)
            .iter()
            .map(|a| a.points)
            .collect();
        let mut points = vec![i32::MIN; scores.len()];
        scoring::hole_points(&scores, ended, &rules, &mut points);
        prop_assert_eq!(points, explained);
    }
}

// --- exactly once (CLI.md "Exactly once, and exactly what was seen") ---

/// What a phone asks for, when it first sends a write: the next hole, a penalty for a
/// seat, an undo of the card's last entry, a grid into the draft.
#[derive(Debug, Clone, Copy)]
enum Ask {
    Hole,
    Penalty(usize),
    Undo,
    Draft(usize),
}

fn ask() -> impl Strategy<Value = Ask> {
    prop_oneof![
        3 => Just(Ask::Hole),
        1 => (0usize..2).prop_map(Ask::Penalty),
        2 => Just(Ask::Undo),
        1 => (0usize..2).prop_map(Ask::Draft),
    ]
}

/// One delivery of write `i` (of those asked for); `restart` reopens the database first.
#[derive(Debug, Clone, Copy)]
struct Delivery {
    write: usize,
    restart: bool,
}

/// A write as first sent, frozen for its repeats: its route and body, and the change it
/// makes.
struct Sent {
    route: &'static str,
    body: String,
    ask: Ask,
    meant: u32,
    entry: Option<u64>,
}

/// What a delivery answered: (status, body).
type Answer = (u16, String);

/// `sent` delivered once with its key through the table's one writer, answered as
/// `golf serve` answers (the card's JSON; a refusal kept for its key).
fn deliver(store: &mut golf::store::Store, key: &str, sent: &Sent) -> (Answer, bool) {
    use golf::table::{self, once};
    let keyed = once::Keyed::new("keeper", key, sent.route, sent.body.as_bytes()).unwrap();
    let players = ["ann", "bob"];
    let change = |store: &mut golf::store::Store| -> golf::error::Result<golf::game::Match> {
        match sent.ask {
            Ask::Hole => Ok(table::record_hole(
                store,
                &table::NewHole {
                    match_id: Some(1),
                    typed_for: None,
                    hole: Some(sent.meant),
                    playoff: Some(false),
                    grids: table::Grids::Named(vec![
                        ("ann".into(), "5 K Q / 5 2 J".into()),
                        ("bob".into(), "2 7 Q / 2 7 Q".into()),
                    ]),
                    ended: table::Ended::Seat(None),
                    note: None,
                },
            )?
            .m),
            Ask::Penalty(seat) => match table::penalty(
                store,
                &table::PenaltyEntry {
                    match_id: Some(1),
                    player: players[seat].into(),
                    kind: golf::game::PenaltyRequest::Points(5, "late".into()),
                    hole: None,
                    tournament: None,
                },
            )? {
                Ok(given) => Ok(given.m),
                Err(_) => unreachable!("not a tournament"),
            },
            Ask::Undo => Ok(table::undo(
                store,
                Some(1),
                table::OnCard {
                    entry: sent.entry,
                    ..Default::default()
                },
            )?
            .m),
            Ask::Draft(seat) => table::put_in_draft(
                store,
                &table::DraftEntry {
                    match_id: 1,
                    hole: Some(sent.meant),
                    player: players[seat].into(),
                    grid: Some("A 2 3 / 4 5 6".into()),
                    out: false,
                    knock: false,
                },
            ),
        }
    };
    let answer = |_: &mut golf::store::Store, m: golf::game::Match| {
        let json = serde_json::to_string(&golf::view::card::CardView::new(&m))?;
        Ok(((), json))
    };
    match once::once(store, Some(&keyed), change, answer) {
        Ok(once::Once::Made((), body)) => ((200, body), true),
        Ok(once::Once::Replayed(kept)) => ((kept.status, kept.body), false),
        Err(e) => {
            let status = if table::is_conflict(&e) { 409 } else { 400 };
            let body = e.describe();
            match once::keep_refusal(store, &keyed, status, &body).unwrap() {
                Some(kept) => ((kept.status, kept.body), false),
                None => ((status, body), false),
            }
        }
    }
}

/// The holes, penalties and draft revision of match 1 as recorded.
fn recorded(store: &mut golf::store::Store) -> (usize, usize, Option<i64>) {
    let m = golf::table::serving(store, Some(1)).unwrap();
    let draft = golf::table::shared_draft(store, &m)
        .unwrap()
        .map(|d| d.revision);
    (m.holes.len(), m.penalties.len(), draft)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random sessions of writes whose answers are lost before or after the commit, sent
    /// again, duplicated, reordered, with restarts between: each write is made at most
    /// once, every repeat gets the first answer and changes nothing, and the match holds
    /// exactly what the writes that were made say (holes and penalties, undo taking the
    /// last made).
    #[test]
    fn every_write_is_made_once_whatever_is_lost_or_repeated(
        asks in prop::collection::vec(ask(), 1..10),
        picks in prop::collection::vec((0usize..64, any::<bool>()), 1..40),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        let mut store = golf::store::Store::open(&path).unwrap();
        let setup = golf::game::Setup {
            rules: "classic".into(),
            holes: Some(9),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        let m = golf::game::Match::new(&setup, &golf::store::timestamp()).unwrap();
        golf::table::start::new_match(&mut store, m).unwrap();
        let deliveries: Vec<Delivery> = picks
            .iter()
            .map(|&(i, restart)| Delivery { write: i % asks.len(), restart })
            .collect();
        let mut sent: Vec<Option<Sent>> = (0..asks.len()).map(|_| None).collect();
        let mut first: Vec<Option<Answer>> = vec![None; asks.len()];
        let mut made = vec![0u32; asks.len()];
        // the model: the entries made, in the order made ('h' a hole, 'p' a penalty)
        let mut entries: Vec<char> = Vec::new();
        for d in deliveries {
            if d.restart {
                store.close().unwrap();
                store = golf::store::Store::open(&path).unwrap();
            }
            let key = format!("key-{}", d.write);
            if sent[d.write].is_none() {
                // the phone sends what its card shows now
                let m = golf::table::serving(&mut store, Some(1)).unwrap();
                let ask = asks[d.write];
                let meant = u32::try_from(m.holes.len()).unwrap() + 1;
                let entry = m.last_entry().map(|e| e.id);
                let (route, body) = match ask {
                    Ask::Hole => ("/api/hole", format!("hole {meant}")),
                    Ask::Penalty(s) => ("/api/penalty", format!("penalty {s}")),
                    Ask::Undo => ("/api/undo", format!("undo {entry:?}")),
                    Ask::Draft(s) => ("/api/draft", format!("draft {s} {meant}")),
                };
                sent[d.write] = Some(Sent { route, body, ask, meant, entry });
            }
            let Some(write) = &sent[d.write] else { unreachable!() };
            let before = recorded(&mut store);
            let (answer, fresh) = deliver(&mut store, &key, write);
            match &first[d.write] {
                Some(was) => {
                    prop_assert_eq!(&answer, was, "a repeat gets the first answer");
                    prop_assert!(!fresh);
                    prop_assert_eq!(recorded(&mut store), before, "a repeat writes nothing");
                }
                None => first[d.write] = Some(answer.clone()),
            }
            if fresh {
                made[d.write] += 1;
                match write.ask {
                    Ask::Hole => entries.push('h'),
                    Ask::Penalty(_) => entries.push('p'),
                    Ask::Undo => {
                        entries.pop();
                    }
                    Ask::Draft(_) => {}
                }
            }
        }
        prop_assert!(made.iter().all(|&n| n <= 1), "made at most once: {:?}", made);
        let (holes, penalties, _) = recorded(&mut store);
        prop_assert_eq!(holes, entries.iter().filter(|&&e| e == 'h').count());
        prop_assert_eq!(penalties, entries.iter().filter(|&&e| e == 'p').count());
    }
}
