//! Unit tests of the move generator: hand-made positions checked by hand
//! (RULES C-OUT-1, C-OPEN-1) and the card-list helpers.

use super::candidates::sub_multisets;
use super::*;
use crate::actions::CardList;
use crate::cards::card;
use crate::cards::JOKER;
use crate::legality::context::{cards_of, remove_cards};
use crate::position::{Drew, Hand, State, Turn};
use crate::rules::Rules;
use std::sync::Arc;

/// A Classic four-player game in its play phase: seat 0 to play, holding
/// `hand`, having drawn from the stock; its team down or not.
fn classic_play(hand: &[Card], opened: bool) -> State {
    let rules = Arc::new(Rules::classic(4).unwrap());
    let (mut s, _) = State::new_game(rules, 1);
    s.player = 0;
    s.phase = Phase::Play;
    s.hands[0] = Hand::from_cards(hand);
    s.opened[0] = opened;
    s.turn = Turn {
        drew: Some(Drew::Stock),
        ..Turn::default()
    };
    s
}

fn texts(moves: &[Action]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn c_out_1_a_meld_without_a_canasta_leaves_one_card_only_if_it_can_go_out() {
    // Down, no canasta, 7D 7H 7S KS: the set of 7s would leave the KS, which melds
    // nowhere and without a canasta may not be discarded (C-OUT-1, E-2), so only the
    // four discards are legal; asking is not offered either (going out needs a
    // canasta, C-OUT-3).
    let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 3)];
    let moves = legal_moves(&classic_play(&hand, true)).unwrap();
    assert_eq!(
        texts(&moves),
        ["discard 7D", "discard 7H", "discard 7S", "discard KS"]
    );
    // With KH as well, the set leaves KH and KS: legal, and listed before the discards.
    let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 2), card(13, 3)];
    let moves = legal_moves(&classic_play(&hand, true)).unwrap();
    assert_eq!(
        texts(&moves),
        [
            "meld 7D 7H 7S",
            "discard 7D",
            "discard 7H",
            "discard 7S",
            "discard KH",
            "discard KS"
        ]
    );
}

#[test]
fn c_open_1_a_meld_below_the_minimum_is_not_offered() {
    // Not down, score 0: the minimum is 50 (100 half points).  7D 7H 7S count 15 and
    // nothing else melds, so the set would leave the turn unfinishable (E-2).
    let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 2), card(12, 3)];
    let s = classic_play(&hand, false);
    let moves = legal_moves(&s).unwrap();
    assert!(moves.iter().all(|m| matches!(m, Action::Discard { .. })));
    let meld = Action::Meld {
        cards: cards_of(&hand[..3]),
    };
    let why = crate::legality::explain(&s, &meld).unwrap().unwrap();
    assert_eq!(why.rule, "E-2");
}

#[test]
fn sub_multisets_follow_the_product_order() {
    // 2C twice and JK once: sizes 1..=2 in itertools.product order over (0..=2, 0..=1).
    let got: Vec<Vec<Card>> = sub_multisets(&[(4, 2), (JOKER, 1)], 1, 2)
        .map(|c| c.as_slice().to_vec())
        .collect();
    let expected: Vec<Vec<Card>> = vec![vec![JOKER], vec![4], vec![4, JOKER], vec![4, 4]];
    assert_eq!(got, expected);
}

/// Every pick vector of `counts` in `itertools.product` order (the last fastest), unfiltered.
fn product_picks(counts: &[(Card, u8)]) -> Vec<Vec<Card>> {
    let mut all = vec![Vec::new()];
    for &(card, n) in counts {
        all = all
            .into_iter()
            .flat_map(|head| {
                (0..=n).map(move |k| {
                    let mut cards = head.clone();
                    cards.extend(std::iter::repeat_n(card, usize::from(k)));
                    cards
                })
            })
            .collect();
    }
    all
}

#[test]
fn sub_multisets_are_the_product_filtered_by_size() {
    // every list of up to four cards held once to three times, every size range:
    // passing over the picks that cannot fit keeps exactly the product's fitting ones, in order
    let mut lists: Vec<Vec<(Card, u8)>> = vec![Vec::new()];
    for card in [8, 9, 10, 11] {
        let longer: Vec<Vec<(Card, u8)>> = lists
            .iter()
            .filter(|l| l.len() + 8 == usize::from(card))
            .flat_map(|l| {
                (1..=3).map(move |n| {
                    let mut l = l.clone();
                    l.push((card, n));
                    l
                })
            })
            .collect();
        lists.extend(longer);
    }
    assert_eq!(lists.len(), 1 + 3 + 9 + 27 + 81);
    for counts in &lists {
        let all = product_picks(counts);
        for low in 0..=13 {
            for high in 0..=13 {
                let expected: Vec<Vec<Card>> = all
                    .iter()
                    .filter(|c| (low..=high).contains(&c.len()))
                    .cloned()
                    .collect();
                let got: Vec<Vec<Card>> = sub_multisets(counts, low, high)
                    .map(|c| c.as_slice().to_vec())
                    .collect();
                assert_eq!(got, expected, "{counts:?} {low}..={high}");
            }
        }
    }
}

#[test]
fn remove_cards_is_a_multiset_difference() {
    assert_eq!(remove_cards(&[1, 2, 2, 3], &[2, 3]), CardList::new(&[1, 2]));
    assert_eq!(remove_cards(&[1, 2], &[4]), None);
}
