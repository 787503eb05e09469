//! `golf advise`: every legal move of a position as a player sees it, best first, weighed
//! by the expert's evaluation (CLI.md "Advice", RULES.md §18).

use super::Context;
use crate::bots::expert::{exact_hole_score, Expert};
use crate::card::Card;
use crate::cli::AdviseArgs;
use crate::error::{input, Result};
use crate::game::setup::MAX_PLAYERS;
use crate::grid::{Grid, Seen};
use crate::play::{self, Hole, Move, MoveList, Phase, Position};
use crate::rules::{self, Rules};
use crate::scoring::Scorer;
use crate::view::advise::{Advice, AdvisedMove};

/// Runs `golf advise`.
pub fn run(ctx: &Context, args: AdviseArgs) -> Result<()> {
    let rules = rules::resolve(
        &ctx.rules(args.rules.clone())?,
        &ctx.house(args.house.clone()),
    )?;
    let others = args.other.len();
    let players = match args.players {
        None => others + 1,
        Some(n) if (1..=MAX_PLAYERS as u64).contains(&n) && n as usize > others => n as usize,
        Some(n) => {
            return input(format!(
            "--players {n}: expected 1 to {MAX_PLAYERS}, and more than the {others} --other grids"
        ))
        }
    };
    if args.ended && players < 2 {
        return input(
            "--ended: another player must have ended the hole; give their grid with --other",
        );
    }
    let pack = play::pack(&rules, rules.deck.decks_for(players));
    let cells = rules.layout.rows * rules.layout.columns;
    let mut position = Position::default();
    let (own, up, peeked) = grid(&args.grid, "--grid", &rules, &pack)?;
    position.grids.push(own);
    position.face_up.push(up);
    position.peeked.push(peeked);
    for other in &args.other {
        let Some((name, text)) = other.split_once('=') else {
            return input(format!(
                "--other {}: expected PLAYER=GRID, e.g. bob=\"? 4 ? / ? 8 ?\"",
                crate::text::escape(other)
            ));
        };
        let (cards, up, peeked) = grid(text, &format!("--other {name}"), &rules, &pack)?;
        if peeked != 0 {
            return input(format!(
                "--other {}: another player's peeked cards are not known to you; type them `?`",
                crate::text::escape(name)
            ));
        }
        position.grids.push(cards);
        position.face_up.push(up);
        position.peeked.push(0);
    }
    for _ in position.grids.len()..players {
        position.grids.push(vec![None; cells]);
        position.face_up.push(0);
        position.peeked.push(0);
    }
    for token in args.seen.iter().flat_map(|s| s.split([' ', ','])) {
        if !token.trim().is_empty() {
            position.discard.push(card(token, "--seen", &rules, &pack)?);
        }
    }
    position
        .discard
        .push(card(&args.discard, "--discard", &rules, &pack)?);
    if let Some(drawn) = &args.drawn {
        position.drawn = Some(card(drawn, "--drawn", &rules, &pack)?);
    }
    if args.ended {
        // the player who ended it: the first whose grid is all face up, else the first other
        let all = (1u32 << cells) - 1;
        let ender = (1..players)
            .find(|s| position.face_up[*s] == all)
            .unwrap_or(1);
        position.ended_by = Some(ender);
    }
    let hole = match Hole::position(&rules, &pack, &position) {
        Ok(hole) => hole,
        Err(Some(card)) => {
            let text = rules.card_text(card);
            let n = pack.iter().filter(|c| **c == card).count();
            return input(format!(
                "the position shows more {text} than the pack holds ({n} in {} deck(s) of {}): a card is typed twice",
                rules.deck.decks_for(players),
                rules.name
            ));
        }
        Err(None) => {
            return input(format!(
                "the pack of {} cards cannot fill this position's face-down cards",
                pack.len()
            ))
        }
    };
    let scorer = Scorer::new(&rules);
    let mut expert = Expert::new(&rules, &scorer, &pack, players)
        .ok_or_else(|| anyhow::anyhow!("the rules' grid is beyond the largest"))?
        .for_advice();
    let view = hole.view(0);
    let mut legal = MoveList::default();
    view.legal_moves(&mut legal);
    expert.observe(&view);
    let columns = rules.layout.columns;
    let at = |c: u8| [usize::from(c) / columns + 1, usize::from(c) % columns + 1];
    let mut moves = Vec::new();
    let held = view
        .drawn()
        .map(|(c, _)| rules.card_text(c))
        .unwrap_or_default();
    let mut weighed = Vec::new();
    expert.weigh_moves(&view, legal.as_slice(), |m, v| weighed.push((m, v)));
    for (m, v) in weighed {
        let advised = |text: String, draw, action, position| AdvisedMove {
            text,
            draw,
            action,
            position,
            expected: v,
            gives_away: 0.0,
            mark: None,
        };
        match m {
            Move::Knock => moves.push(advised("knock".into(), None, Some("knock"), None)),
            Move::DrawStock => moves.push(advised(
                "draw from the stock".into(),
                Some("stock"),
                None,
                None,
            )),
            Move::DrawDiscard => {
                let Some(top) = view.discard_top() else {
                    continue;
                };
                let text = rules.card_text(top);
                for c in 0..cells as u8 {
                    let value = expert.weigh_place(Move::Swap(c), top);
                    let [r, k] = at(c);
                    moves.push(AdvisedMove {
                        expected: value,
                        ..advised(
                            format!("take the {text} and swap it for row {r}, column {k}"),
                            Some("discard"),
                            Some("swap"),
                            Some([r, k]),
                        )
                    });
                }
            }
            Move::Swap(c) => {
                let [r, k] = at(c);
                moves.push(advised(
                    format!("swap the {held} for row {r}, column {k}"),
                    Some("stock"),
                    Some("swap"),
                    Some([r, k]),
                ));
            }
            Move::Discard => moves.push(advised(
                format!("discard the {held}"),
                Some("stock"),
                Some("discard"),
                None,
            )),
            Move::DiscardFlip(c) => {
                let [r, k] = at(c);
                moves.push(advised(
                    format!("discard the {held} and turn up row {r}, column {k}"),
                    Some("stock"),
                    Some("flip"),
                    Some([r, k]),
                ));
            }
            Move::Start(_) => {}
        }
    }
    let mut estimated = false;
    if let Some(ender) = position.ended_by.filter(|_| args.ended) {
        // the final turn: every figure the exact expectation where the ways are few enough
        let ender = Some(crate::scoring::Ended {
            player: ender,
            knocked: false,
        });
        let hand = view.drawn().map(|(c, _)| c).or(view.discard_top());
        for m in &mut moves {
            let (Some(card), Some(_)) = (hand, m.draw) else {
                continue;
            };
            let mut grids = position.grids.clone();
            if let (Some([r, k]), Some(mine)) = (
                m.position.filter(|_| m.action == Some("swap")),
                grids.first_mut(),
            ) {
                if let Some(cell) = mine.get_mut((r - 1) * columns + k - 1) {
                    *cell = Some(card);
                }
            }
            if m.action.is_none() {
                continue;
            }
            match exact_hole_score(&rules, &scorer, &expert.belief, &grids, 0, ender) {
                Some(exact) => m.expected = exact,
                None => estimated = true,
            }
        }
    }
    if estimated {
        crate::say!(
            "golf: too many face-down cards to weigh every way they could be filled; the figures are the expert's estimates"
        );
    }
    if view.phase() == Phase::Over || moves.is_empty() {
        return input("the position offers no move");
    }
    ctx.out.show(&Advice::new(rules.name.clone(), moves))
}

/// A grid typed as the player sees it (RULES.md §2: `?` face down, `?5` peeked): each
/// cell's card where known, the face-up cells and the peeked cells as masks.
fn grid(
    text: &str,
    flag: &str,
    rules: &Rules,
    pack: &[Card],
) -> Result<(Vec<Option<Card>>, u32, u32)> {
    let seen = match Grid::parse_seen(text, rules.expected()) {
        Ok(seen) => seen,
        Err(e) => return input(format!("{flag}: {e}")),
    };
    let (mut cards, mut up, mut peeked) = (Vec::with_capacity(seen.len()), 0u32, 0u32);
    for (cell, seen) in seen.into_iter().enumerate() {
        let known = match seen {
            Seen::Down => None,
            Seen::Peeked(card) => {
                peeked |= 1 << cell;
                Some(card)
            }
            Seen::Up(card) => {
                up |= 1 << cell;
                Some(card)
            }
        };
        cards.push(match known {
            Some(card) => Some(of_pack(card, flag, rules, pack)?),
            None => None,
        });
    }
    Ok((cards, up, peeked))
}

/// `card` as the rules' pack holds it: its suit kept only where the rules value suits.
fn of_pack(mut card: Card, flag: &str, rules: &Rules, pack: &[Card]) -> Result<Card> {
    if rules.values.suited.is_empty() {
        card.suit = None;
    }
    match pack.contains(&card) {
        true => Ok(card),
        false => input(format!(
            "{flag}: {} is not a card of the {} pack",
            rules.card_text(card),
            rules.name
        )),
    }
}

/// One card typed as the rules' pack holds it (a suit kept only where the rules value
/// suits).
fn card(token: &str, flag: &str, rules: &Rules, pack: &[Card]) -> Result<Card> {
    let token = token.trim();
    let found = pack
        .iter()
        .find(|c| rules.card_text(**c).eq_ignore_ascii_case(token))
        .copied()
        .or_else(|| {
            let mut card = Card::parse(token)?;
            if rules.values.suited.is_empty() {
                card.suit = None;
            }
            pack.contains(&card).then_some(card)
        });
    match found {
        Some(card) => Ok(card),
        None => input(format!(
            "{flag}: `{}` is not a card of the {} pack",
            crate::text::escape(token),
            rules.name
        )),
    }
}
