//! Unit tests of the state's parts: hands, melds and their values, and the
//! state's cheap copies and equality.

use super::*;
use crate::cards::{card, deck, DECK_SIZE, JOKER};
use crate::melds::read_meld;

#[test]
fn hands_count_cards_and_list_them_in_order() {
    let mut h = Hand::from_cards(&[JOKER, 26, 3, 26]);
    assert_eq!(h.cards(), vec![3, 26, 26, JOKER]);
    assert_eq!((h.len(), h.count(26)), (4, 2));
    assert!(!h.remove_all(&[26, 26, 26]));
    assert_eq!(h.len(), 4);
    assert!(h.remove_all(&[26, JOKER]));
    assert_eq!(h.cards(), vec![3, 26]);
    assert!(!h.remove(JOKER));
}

#[test]
fn melds_round_trip_through_the_compact_form() {
    let k = Rules::kanasta();
    let c = Rules::classic(4).unwrap();
    let cases: [(&[Card], &Rules); 5] = [
        (&[JOKER, card(7, 3), card(7, 2), 5], &c),
        (&[card(5, 2), card(6, 2), JOKER], &k),
        (&[card(1, 2), card(2, 2), card(3, 2), JOKER], &k),
        (&[card(12, 3), card(13, 3), card(1, 3)], &k),
        (
            &[card(4, 2), card(5, 2), card(6, 2), card(2, 3), card(8, 2)],
            &k,
        ),
    ];
    for (cards, rules) in cases {
        let m = read_meld(cards, &rules.meld_rules(), false).unwrap();
        let t = TableMeld::from_meld(&m);
        assert_eq!(t.cards().as_slice(), m.cards.as_slice());
        assert_eq!(t.to_meld(), m);
        assert_eq!(t.size(), cards.len());
    }
}

#[test]
fn meld_values_and_the_natural_two() {
    // K-VAL-1 worked example: 4H 5H 6H 2S 8H is worth 3 1/2 (seven half points).
    let k = Rules::kanasta();
    let m = read_meld(
        &[card(4, 2), card(5, 2), card(6, 2), card(2, 3), card(8, 2)],
        &k.meld_rules(),
        false,
    )
    .unwrap();
    assert_eq!(TableMeld::from_meld(&m).value(&k), 7);
    // AH 2H 3H: the 2 is natural (K-MELD-6), 1.5 + 0.5 + 0.5 = 2.5 points.
    let m = read_meld(
        &[card(1, 2), card(2, 2), card(3, 2)],
        &k.meld_rules(),
        false,
    )
    .unwrap();
    let t = TableMeld::from_meld(&m);
    assert_eq!(
        (t.value(&k), t.wild_count(), t.is_natural_run()),
        (5, 0, true)
    );
    // Classic: KH KD KS 2C is worth 50.
    let c = Rules::classic(4).unwrap();
    let m = read_meld(
        &[card(13, 2), card(13, 1), card(13, 3), 4],
        &c.meld_rules(),
        false,
    )
    .unwrap();
    assert_eq!(TableMeld::from_meld(&m).value(&c), 100);
}

#[test]
fn a_wild_two_in_its_own_place_is_starred() {
    // AH 2H 3H with the 2H as the run's old wild (K-MELD-7): written "AH 2H* 3H".
    let t = TableMeld::Run {
        suit: 2,
        low: 1,
        len: 3,
        wild: Some((1, card(2, 2))),
    };
    assert_eq!(t.notation(), "AH 2H* 3H");
    assert_eq!(t.wild_count(), 1);
}

#[test]
fn a_state_is_small_to_copy() {
    // Every move copies the state: its inline part stays under 640 bytes (hands
    // are 54-byte count arrays; the stock, packets, melds and results are shared).
    let size = std::mem::size_of::<State>();
    assert!(size < 640, "{size} bytes");
}

#[test]
fn equal_positions_are_equal_however_the_stock_is_shared() {
    let rules = Arc::new(Rules::kanasta());
    let (mut a, _) = State::new_game(rules, 4);
    let top = a.draw_card().unwrap();
    a.hands[a.player].add(top);
    let mut b = a.clone();
    b.stock_cards = Arc::from(a.stock().to_vec());
    b.stock_drawn = 0;
    assert_eq!(a, b);
    b.packet_cards = Arc::from(a.packets()[1..].to_vec());
    assert_ne!(a, b);
}

#[test]
fn a_new_game_holds_the_whole_deck() {
    for name in crate::rules::PRESET_NAMES {
        let rules = Arc::new(Rules::preset(name).unwrap());
        for seed in 0..20 {
            let (s, events) = State::new_game(rules.clone(), seed);
            assert_eq!(s.card_count(), DECK_SIZE);
            assert_eq!(s.phase, Phase::Draw);
            assert_eq!(s.player, s.first_player());
            assert_eq!(events[0].kind(), "HandStarted");
            assert_eq!(events[1].kind(), "UpcardTurned");
            let mut all: Vec<Card> = s.hands[..rules.players]
                .iter()
                .flat_map(Hand::cards)
                .collect();
            all.extend(s.stock());
            all.extend(&s.pile);
            all.extend(s.red_threes.iter().flat_map(|r| r.as_slice().to_vec()));
            all.extend(s.packets().iter().flat_map(Hand::cards));
            all.sort_unstable();
            assert_eq!(all, deck().to_vec());
        }
    }
}
