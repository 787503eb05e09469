//! `expert-match`'s tests: it takes the risk behind and the safe line ahead, never sees a
//! hidden card, and pays a penalty with its chance.
//!
//! Compiled only with the tests (`#[cfg(test)]` where the module is declared): unwrapping
//! here fails a test, never a user's command.
#![allow(clippy::unwrap_used)]

use super::normal::phi;
use super::*;
use crate::bots::{Bot, Strategy};
use crate::play::view::MoveList;
use crate::play::{pack, HoleInPlay, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn cards(tokens: &[&str]) -> Vec<Option<Card>> {
    tokens.iter().map(|t| Card::parse(t)).collect()
}

/// Classic, two players, the last hole: seat 0 holds a 5 drawn from the stock with one
/// face-down card left (under the 2). Turning that card up ends the hole on a grid
/// worth about 3 plus the card; the opponent shows a pair of 3s and two kings.
fn last_hole() -> (Rules, Vec<Card>, Position) {
    let rules = crate::rules::resolve("classic", &[]).unwrap();
    let pack = pack(&rules, rules.deck.decks_for(2));
    let pile = [
        "9", "Q", "8", "Q", "7", "10", "J", "10", "J", "9", "6", "J", "10",
    ];
    let position = Position {
        grids: vec![
            cards(&["K", "8", "2", "A", "8", "?"]),
            cards(&["3", "K", "K", "3", "?", "7"]),
        ],
        face_up: vec![0b01_1111, 0b10_1111],
        peeked: vec![0, 0],
        discard: pile.iter().filter_map(|t| Card::parse(t)).collect(),
        drawn: Card::parse("5"),
        ended_by: None,
    };
    (rules, pack, position)
}

/// Behind with one hole left, expert-match keeps the hole open (a swap of a face-up
/// card, the face-down one left to chance) where the expert, minimising its mean,
/// turns the last card up and ends the hole; ahead by as much, it ends the hole as the
/// expert does: the safe line.
#[test]
fn behind_it_takes_the_risk_ahead_the_safe_line() {
    let (rules, pack, position) = last_hole();
    let scorer = Scorer::new(&rules);
    let hole = HoleInPlay::position(&rules, &pack, &position).unwrap();
    let view = hole.view(0);
    let mut legal = MoveList::default();
    view.legal_moves(&mut legal);
    let mut expert = Expert::new(&rules, &scorer, &pack, 2).unwrap();
    let safe = expert.choose(&view, legal.as_slice()).unwrap();
    assert_eq!(safe, Move::DiscardFlip(5), "the expert ends the hole");
    let mut bot = ExpertMatch::new(&rules, &scorer, &pack, 2).unwrap();
    let play = |bot: &mut ExpertMatch, mine: i64| {
        let holes = [vec![20 + mine], vec![20]];
        bot.begin_hole(&MatchState {
            holes: &holes,
            seats: &[0, 1],
            holes_left: 0,
            playoff: false,
        });
        bot.choose(&view, legal.as_slice()).unwrap()
    };
    let behind = play(&mut bot, 8);
    assert!(
        matches!(behind, Move::Swap(c) if c != 5),
        "behind by 8 it keeps the hole open: {behind:?}"
    );
    assert_eq!(play(&mut bot, -8), safe, "ahead by 8 it ends the hole");
}

/// expert-match decides from what its player may see alone: at every decision of its
/// holes, the same hole with every card it cannot see shuffled (the stock and every
/// face-down card it has not peeked at) gets the same move, under every variant.
#[test]
fn expert_match_never_sees_a_hidden_card() {
    for name in crate::rules::bundled::variant_names() {
        let rules = crate::rules::resolve(name, &[]).unwrap();
        let scorer = Scorer::new(&rules);
        let pack = pack(&rules, rules.deck.decks_for(3));
        let model = Arc::new(Model::estimate(&rules, &scorer, &pack, 3, 6).unwrap());
        let new = || ExpertMatch::with_model(&rules, &scorer, &pack, 3, model.clone());
        let (mut bot, mut twin) = (new().unwrap(), new().unwrap());
        let mut other = Bot::new(Strategy::Counting, &rules, &scorer, &pack, 3).unwrap();
        let holes = [vec![12], vec![5], vec![9]];
        let state = MatchState {
            holes: &holes,
            seats: &[0, 1, 2],
            holes_left: 2,
            playoff: false,
        };
        bot.begin_hole(&state);
        twin.begin_hole(&state);
        let mut legal = MoveList::default();
        let (mut rng, mut shuffler) = (ChaCha8Rng::seed_from_u64(4), ChaCha8Rng::seed_from_u64(5));
        let mut compared = 0;
        let mut hole = HoleInPlay::deal(&rules, &pack, 3, 2, &mut rng).unwrap();
        while hole.phase() != Phase::Over {
            let seat = hole.current();
            let view = hole.view(seat);
            view.legal_moves(&mut legal);
            let m = match seat {
                1 => other.choose(&view, &mut rng).unwrap(),
                _ => {
                    let m = bot.choose(&view, legal.as_slice()).unwrap();
                    let mut scrambled = hole.clone();
                    scrambled.shuffle_unseen(seat, &mut shuffler);
                    let view = scrambled.view(seat);
                    assert_eq!(twin.choose(&view, legal.as_slice()), Some(m), "{name}");
                    compared += 1;
                    m
                }
            };
            hole.apply(m, &mut rng).unwrap();
        }
        assert!(compared > 5, "{name}: {compared} decisions compared");
    }
}

/// A bot name golf does not know is refused with a list that names expert-match, and
/// expert-match is known by its name.
#[test]
fn the_bots_names_include_expert_match() {
    let err = "clever".parse::<Strategy>().unwrap_err().to_string();
    assert!(err.contains("expert-match"), "{err}");
    assert_eq!("expert-match".parse(), Ok(Strategy::ExpertMatch));
    assert_eq!(Strategy::ExpertMatch.to_string(), "expert-match");
}

/// At a table of two under `out-penalty-10` (the ender pays 10 unless lowest), ending
/// the hole is weighed with the penalty paid by its chance: less likely to win than if
/// it were never paid, likelier than if it were always paid; under classic, where
/// nothing adjusts the hole, the chance is as if never paid.
#[test]
fn a_penalty_for_going_out_is_paid_with_its_chance() {
    for (house, adjusts) in [(vec!["out-penalty-10".to_string()], true), (vec![], false)] {
        let rules = crate::rules::resolve("classic", &house).unwrap();
        let scorer = Scorer::new(&rules);
        let pack = pack(&rules, rules.deck.decks_for(2));
        let model = Arc::new(Model::estimate(&rules, &scorer, &pack, 2, 20).unwrap());
        let mut bot = ExpertMatch::with_model(&rules, &scorer, &pack, 2, model).unwrap();
        assert_eq!(bot.adjusts, adjusts);
        bot.totals = vec![0, 0];
        bot.holes_left = 3;
        bot.tie = vec![0.5, 0.5];
        // the other expected to score 8 after their final turn, give or take 5
        bot.ended = vec![(0.0, 0.0), (8.0, 25.0)];
        let never = bot.win(0, 7.0, 0.0, true);
        let always = bot.win(0, 17.0, 0.0, true);
        let weighed = bot.ending_win(0, 7.0, 0.0, false);
        match adjusts {
            true => assert!(
                always + 0.01 < weighed && weighed + 0.01 < never,
                "{always} < {weighed} < {never}"
            ),
            false => assert!((weighed - never).abs() < 0.01, "{weighed} = {never}"),
        }
    }
}

/// The chance of beating one player: certain far ahead, none far behind, the tie share
/// level, and a lower total always at least as likely to win.
#[test]
fn a_lower_total_is_likelier_to_win() {
    assert!(beats(-40.0, 5.0, 0.5) > 0.999_999);
    assert!(beats(40.0, 5.0, 0.5) < 1e-6);
    assert!((beats(0.0, 5.0, 0.5) - 0.5).abs() < 1e-6);
    assert_eq!(beats(0.0, 0.0, 1.0), 1.0);
    let mut last = 1.0;
    for d in -20..=20 {
        let p = beats(f64::from(d), 4.0, 0.5);
        assert!(p <= last, "{d}: {p} after {last}");
        last = p;
    }
    assert!((phi(1.959_964) - 0.975).abs() < 1e-6);
}
