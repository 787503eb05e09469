//! The play engine's tests: deals, legal moves, `apply`, scores, and what `Debug` shows.
//!
//! Compiled only with the tests (`#[cfg(test)]` where the module is declared): unwrapping
//! here fails a test, never a user's command.

use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A played-out hole dealt again is, field for field, the hole a fresh deal gives, at
/// the same table and at a smaller one (a playoff hole) and back.
#[test]
fn a_redeal_is_a_fresh_deal() {
    let mut names: Vec<(&str, &[&str])> = crate::rules::bundled::variant_names()
        .iter()
        .map(|name| (*name, &[][..]))
        .collect();
    names.push(("classic", &["look-once"][..]));
    for (name, house) in names {
        let house: Vec<String> = house.iter().map(|h| h.to_string()).collect();
        let rules = crate::rules::resolve(name, &house).unwrap();
        let pack = pack(&rules, rules.deck.decks_for(4));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut hole = HoleInPlay::deal(&rules, &pack, 4, 0, &mut rng).unwrap();
        let mut legal = MoveList::default();
        for (players, dealer, seed) in [(4, 1, 11), (2, 0, 12), (3, 2, 13), (4, 3, 14)] {
            while hole.phase() != Phase::Over {
                hole.legal_moves(&mut legal);
                let m = legal.as_slice()[legal.as_slice().len() / 2];
                hole.apply(m, &mut rng).unwrap();
            }
            let mut fresh_rng = ChaCha8Rng::seed_from_u64(seed);
            let fresh = HoleInPlay::deal(&rules, &pack, players, dealer, &mut fresh_rng).unwrap();
            let mut again_rng = ChaCha8Rng::seed_from_u64(seed);
            hole.redeal(&rules, &pack, players, dealer, &mut again_rng)
                .unwrap();
            assert_eq!(hole.everything(), fresh.everything(), "{name}");
            assert_eq!(fresh_rng, again_rng, "{name}: the same draws from the rng");
        }
    }
}

/// A view's `Debug`, and a hole's, show no card its player (anyone, for the hole)
/// cannot see: with every unseen card shuffled elsewhere they print the very same, while
/// the holes themselves differ.
#[test]
fn debug_shows_no_hidden_card() {
    for (name, house) in [
        ("classic", &[][..]),
        ("classic", &["look-once"][..]),
        ("six-card", &["knock"][..]),
        ("four-card", &[][..]),
        ("play-nine", &[][..]),
    ] {
        let house: Vec<String> = house.iter().map(|h| h.to_string()).collect();
        let rules = crate::rules::resolve(name, &house).unwrap();
        let pack = pack(&rules, rules.deck.decks_for(3));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut shuffler = ChaCha8Rng::seed_from_u64(6);
        let mut hole = HoleInPlay::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
        let mut legal = MoveList::default();
        let (mut step, mut differed) = (0usize, 0usize);
        while hole.phase() != Phase::Over {
            for seat in 0..3 {
                let mut scrambled = hole.clone();
                scrambled.shuffle_unseen(seat, &mut shuffler);
                differed += usize::from(scrambled.everything() != hole.everything());
                let (seen, also) = (hole.view(seat), scrambled.view(seat));
                assert_eq!(format!("{seen:?}"), format!("{also:?}"), "{name}");
                assert_eq!(format!("{hole:?}"), format!("{scrambled:?}"), "{name}");
                assert!(!format!("{seen:?}").contains("stock: ["), "{name}");
            }
            hole.legal_moves(&mut legal);
            let moves = legal.as_slice();
            let m = moves[if step % 3 == 0 { moves.len() - 1 } else { 0 }];
            hole.apply(m, &mut rng).unwrap();
            step += 1;
        }
        assert!(differed > 10, "{name}: the scramble moved hidden cards");
        // over, every card is face up: the view shows every grid whole
        let over = format!("{:?}", hole.view(0));
        for grid in hole.grids() {
            assert!(over.contains(&grid.to_string()), "{name}: {over}");
        }
    }
}

#[test]
fn a_hole_of_first_legal_moves_ends_with_every_card_up() {
    for name in crate::rules::bundled::variant_names() {
        let rules = crate::rules::resolve(name, &[]).unwrap();
        let decks = rules.deck.decks_for(4);
        let pack = pack(&rules, decks);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut hole = HoleInPlay::deal(&rules, &pack, 4, 0, &mut rng).unwrap();
        let mut legal = MoveList::default();
        let mut moves = 0;
        while hole.phase() != Phase::Over {
            hole.legal_moves(&mut legal);
            let m = legal.as_slice()[legal.as_slice().len() - 1];
            hole.apply(m, &mut rng).unwrap();
            moves += 1;
            assert!(moves < 10_000, "{name}: endless hole");
        }
        let total: usize = hole.grids().iter().map(|g| g.cards().len()).sum::<usize>()
            + hole.stock().len()
            + hole.discard_pile().len();
        assert_eq!(total, pack.len(), "{name}: cards conserved");
        assert!(hole.ending().is_some());
    }
}

#[test]
fn apply_takes_exactly_the_listed_moves_and_leaves_a_refused_one_unplayed() {
    let universe = |cells: u8| {
        let per_cell = [Move::Start, Move::Swap, Move::DiscardFlip];
        let mut all = vec![
            Move::Knock,
            Move::DrawStock,
            Move::DrawDiscard,
            Move::Discard,
        ];
        for c in 0..=cells {
            all.extend(per_cell.iter().map(|f| f(c)));
        }
        all
    };
    for (name, house) in [
        ("classic", None),
        ("six-card", Some("knock")),
        ("four-card", None),
    ] {
        let house: Vec<String> = house.into_iter().map(String::from).collect();
        let rules = crate::rules::resolve(name, &house).unwrap();
        let pack = pack(&rules, rules.deck.decks_for(3));
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut hole = HoleInPlay::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
        let mut legal = MoveList::default();
        let mut step = 0usize;
        while hole.phase() != Phase::Over {
            hole.legal_moves(&mut legal);
            for m in universe(hole.cells as u8) {
                let mut copy = hole.clone();
                let played = copy.apply(m, &mut rng.clone());
                assert_eq!(played.is_ok(), legal.contains(m), "{name}: {m:?}");
                if played.is_err() {
                    assert_eq!(copy.everything(), hole.everything(), "{name}: {m:?}");
                }
            }
            let moves = legal.as_slice();
            let m = moves[step % moves.len()];
            hole.apply(m, &mut rng).unwrap();
            step += 7;
        }
    }
}

#[test]
fn a_deal_the_rules_cannot_make_is_an_error_saying_why() {
    let classic = crate::rules::resolve("classic", &[]).unwrap();
    let one_deck = pack(&classic, 1);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // 52 cards cannot deal 9 grids of 6 and a stock
    let err = HoleInPlay::deal(&classic, &one_deck, 9, 0, &mut rng).unwrap_err();
    assert!(
        matches!(
            err,
            DealError::PackTooSmall {
                cards: 52,
                needed: 56,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        HoleInPlay::deal(&classic, &one_deck, 0, 0, &mut rng).unwrap_err(),
        DealError::NoPlayers
    );
    let mut no_play = classic.clone();
    no_play.playing = None;
    let err = HoleInPlay::deal(&no_play, &one_deck, 2, 0, &mut rng).unwrap_err();
    assert!(matches!(err, DealError::NoPlay { .. }), "{err}");
    // six up and six peeked on six cards
    let mut crowded = classic.clone();
    if let Some(p) = crowded.playing.as_mut() {
        p.face_up_at_start = 6;
        p.peek_at_start = 6;
    }
    let err = HoleInPlay::deal(&crowded, &one_deck, 2, 0, &mut rng).unwrap_err();
    assert!(
        matches!(
            err,
            DealError::StartCards {
                start: 12,
                room: 6,
                ..
            }
        ),
        "{err}"
    );
    // a redeal refused leaves the hole as it was
    let mut hole = HoleInPlay::deal(&classic, &one_deck, 2, 0, &mut rng).unwrap();
    let before = hole.everything();
    assert!(hole.redeal(&crowded, &one_deck, 2, 1, &mut rng).is_err());
    assert_eq!(hole.everything(), before);
}

/// A finished hole's returns are its grids' scores and the adjustments `scoring::hole`
/// explains, with the ender the hole names.
#[test]
fn a_finished_holes_scores_are_the_scorers_and_section_5s() {
    for house in ["out-penalty-10", "knock", "underdog", "tied-shame"] {
        let mut houses = vec![house.to_string()];
        if house == "knock" {
            houses.push("out-penalty-double".into());
        }
        let rules = crate::rules::resolve("classic", &houses).unwrap();
        let scorer = Scorer::new(&rules);
        let pack = pack(&rules, rules.deck.decks_for(3));
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut hole = HoleInPlay::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
            let mut legal = MoveList::default();
            let mut step = seed as usize;
            while hole.phase() != Phase::Over {
                hole.legal_moves(&mut legal);
                let moves = legal.as_slice();
                hole.apply(moves[step % moves.len()], &mut rng).unwrap();
                step += 3;
            }
            let mut out = [Score::default(); 3];
            hole.scores(&scorer, &mut out);
            let grids: Vec<i32> = hole.grids().iter().map(|g| scorer.total(g)).collect();
            let names = ["a", "b", "c"].map(String::from);
            let adjusted = scoring::hole(&grids, &names, hole.ender(), &rules);
            for (p, score) in out.iter().enumerate() {
                assert_eq!(score.grid, grids[p], "{house} {seed}");
                let hole_score = i64::from(grids[p] + adjusted[p].points);
                assert_eq!(score.hole, hole_score, "{house} {seed}");
            }
            let ending = hole.ending().unwrap();
            assert_eq!(hole.ender().map(|e| e.player), ending.0);
        }
    }
}
