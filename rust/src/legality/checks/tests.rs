//! Unit tests of the one-move checks: hand-made positions checked by hand
//! (RULES G-TURN-1, K-PILE-3, G-MELD-1, K-MELD-5).

use super::*;
use crate::actions::{parse_action, CardList};
use crate::cards::card;
use crate::position::{Drew, Hand, Phase, State, TableMeld, Turn};
use crate::rules::Rules;
use std::sync::Arc;

/// Seat 0 of a four-player game of `rules` to play, holding `hand`, drawn from the stock.
fn play(rules: Rules, hand: &[Card]) -> State {
    let (mut s, _) = State::new_game(Arc::new(rules), 1);
    s.player = 0;
    s.phase = Phase::Play;
    s.hands[0] = Hand::from_cards(hand);
    s.turn = Turn {
        drew: Some(Drew::Stock),
        ..Turn::default()
    };
    s
}

fn why(s: &State, text: &str) -> Option<(&'static str, String)> {
    let action = parse_action(text).unwrap();
    explain(s, &action).unwrap().map(|p| (p.rule, p.message))
}

#[test]
fn g_turn_1_a_discard_names_a_card_in_hand() {
    let s = play(Rules::kanasta(), &[card(7, 2), card(9, 0), card(9, 1)]);
    assert_eq!(
        why(&s, "discard KS"),
        Some(("G-TURN-1", "KS is not in your hand".to_string()))
    );
    assert_eq!(why(&s, "discard 7H"), None);
    // a draw-phase move in the play phase
    assert_eq!(why(&s, "draw").unwrap().0, "G-TURN-1");
}

#[test]
fn k_pile_3_the_taken_card_is_not_discarded() {
    let mut s = play(Rules::kanasta(), &[card(7, 2), card(9, 0), card(9, 1)]);
    s.turn.forbidden = Some(card(7, 2));
    assert_eq!(why(&s, "discard 7H").unwrap().0, "K-PILE-3");
    assert_eq!(why(&s, "discard 9C"), None);
}

#[test]
fn g_meld_1_and_k_meld_5_name_the_meld_and_its_kind() {
    // The team has one run, 5H 6H 7H (meld @0): there is no @1, and a run is not added to.
    let mut s = play(Rules::kanasta(), &[card(8, 2), card(9, 0), card(9, 1)]);
    let run = crate::melds::read_meld(
        &[card(5, 2), card(6, 2), card(7, 2)],
        &s.rules.meld_rules(),
        false,
    )
    .unwrap();
    s.melds[0] = Arc::new(vec![TableMeld::from_meld(&run)]);
    s.opened[0] = true;
    assert_eq!(
        why(&s, "add @1 8H"),
        Some(("G-MELD-1", "your team has no meld @1".to_string()))
    );
    assert_eq!(why(&s, "add @0 8H").unwrap().0, "K-MELD-5");
    // 8H at the high end keeps two cards in hand: legal.
    assert_eq!(why(&s, "extend @0 5H 6H 7H 8H"), None);
    let listed = crate::legality::moves::legal_moves(&s).unwrap();
    let extend = Action::Extend {
        meld: 0,
        run: CardList::new(&[card(5, 2), card(6, 2), card(7, 2), card(8, 2)]).unwrap(),
    };
    assert!(listed.contains(&extend));
}
