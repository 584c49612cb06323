//! Unit tests of the solver: the E-2 rules on hand-made situations, the work
//! budget, and the enumeration helpers (checked against the Python engine's
//! answers and by hand).

use super::budget::{into_place, thousands};
use super::classic::for_each_multichoice;
use super::tables::for_each_combo;
use super::tables::{is_wild, WILD_CARDS};
use super::*;
use crate::cards::{Card, JOKER};
use crate::rules::Rules;

/// A card index from its notation (`7H`, `TS`, `JK`).
fn card(text: &str) -> Card {
    if text == "JK" {
        return JOKER;
    }
    let b = text.as_bytes();
    let rank = b"A23456789TJQK".iter().position(|&r| r == b[0]).unwrap() as u8;
    let suit = b"CDHS".iter().position(|&s| s == b[1]).unwrap() as u8;
    rank * 4 + suit
}

fn hand(text: &str) -> Cards {
    let cards: Vec<Card> = text.split_whitespace().map(card).collect();
    Cards::from_cards(&cards)
}

/// Kanasta (Part K): A 1½, 2 1, 3-7 ½, 8-K 1, joker 1, a natural 2 ½ (in half points).
fn kanasta() -> Tables {
    Tables::new(FinishRules::from(&Rules::kanasta()))
}

/// Classic (Part C, C2): A and 2 20, K-8 10, 7-3 5, joker 50 (in half points).
fn classic(players: usize) -> Tables {
    Tables::new(FinishRules::from(&Rules::classic(players).unwrap()))
}

#[test]
fn the_rules_values_are_the_published_ones_in_half_points() {
    // K-VAL-1: AS 1½, KS 1, 7S ½, JK 1, a natural 2 ½.
    let k = kanasta();
    let v = |t: &Tables, c: &str| t.value(usize::from(card(c)));
    assert_eq!(
        [v(&k, "AS"), v(&k, "KS"), v(&k, "7S"), v(&k, "JK")],
        [3, 2, 1, 2]
    );
    assert_eq!(k.rules.natural_two, 1);
    // C-VAL-1: A 20, 2 20, K 10, 7 5, black 3 5, joker 50.
    let c = classic(4);
    let values = [
        v(&c, "AS"),
        v(&c, "2S"),
        v(&c, "KS"),
        v(&c, "7S"),
        v(&c, "3C"),
        v(&c, "JK"),
    ];
    assert_eq!(values, [40, 40, 20, 10, 10, 100]);
    assert_eq!(classic(2).rules.canastas_to_go_out, 2);
}

fn flags(minimum: i32) -> TurnFlags {
    TurnFlags {
        minimum,
        forbidden: None,
        no_out: false,
        out_exempt: false,
        discard_empty_ok: true,
        black3_ok: true,
    }
}

fn open(cards: &str, shapes: Vec<Shape>) -> Situation {
    Situation {
        hand: hand(cards),
        shapes,
        opened: true,
        laid: true,
        count: 0,
        aside: Cards::default(),
        must_out: false,
    }
}

fn set(rank: u8, naturals: u8, wilds: u8) -> Shape {
    Shape::Set {
        rank,
        naturals,
        wilds,
        size: naturals + wilds,
    }
}

fn run(suit: u8, low: u8, high: u8, wild: Option<u8>) -> Shape {
    Shape::Run {
        suit,
        low,
        high,
        wild,
    }
}

fn answer(t: &Tables, f: TurnFlags, s: &Situation) -> bool {
    Finisher::new(t, f, &Work::default()).finishable(s).unwrap()
}

#[test]
fn notation_helper_matches_card_indices() {
    assert_eq!(card("7H"), 26);
    assert_eq!(card("AC"), 0);
    assert_eq!(card("2S"), 7);
    assert_eq!(hand("7H 7H JK").count(26), 2);
}

#[test]
fn e2_two_cards_left_with_the_team_open_is_settled_at_once() {
    // E-2: open, two cards, nothing binding: discard one of them.
    let t = classic(4);
    assert!(answer(&t, flags(100), &open("7H KS", vec![])));
}

#[test]
fn c_out_1_the_last_card_is_discarded_only_with_a_canasta() {
    // C-OUT-1: one card left (a 7 that melds nowhere), no canasta: no legal end of turn.
    let t = classic(4);
    assert!(!answer(&t, flags(100), &open("7H", vec![set(13, 6, 0)])));
    // With a canasta of kings the 7 is discarded and the player goes out.
    assert!(answer(&t, flags(100), &open("7H", vec![set(13, 7, 0)])));
    // Or, with six kings down and the 7 a king instead: it is melded, the canasta completed.
    let must = Situation {
        must_out: true,
        ..open("KH 7S", vec![set(13, 6, 0)])
    };
    assert!(answer(&t, flags(100), &must));
}

#[test]
fn c_out_3_yes_binds_the_player_to_go_out() {
    // C-OUT-3 "yes": 7S and 8S meld nowhere; the player may not just discard.
    let t = classic(4);
    let must = Situation {
        must_out: true,
        ..open("7S 8S", vec![set(13, 7, 0)])
    };
    assert!(!answer(&t, flags(100), &must));
    // "no": with a canasta and one card, going out is what the answer forbids.
    let no = TurnFlags {
        no_out: true,
        ..flags(100)
    };
    assert!(!answer(&t, no, &open("7S", vec![set(13, 7, 0)])));
}

#[test]
fn c_three_2_black_threes_are_melded_only_when_going_out() {
    // Bound to go out with three black 3s and a canasta: meld them (C-THREE-2), hand empty.
    let t = classic(4);
    let must = Situation {
        must_out: true,
        ..open("3C 3S 3C", vec![set(13, 7, 0)])
    };
    assert!(answer(&t, flags(100), &must));
    // With the option off (black3_ok false) the three cannot go anywhere.
    let off = TurnFlags {
        black3_ok: false,
        ..flags(100)
    };
    assert!(!answer(&t, off, &must));
}

#[test]
fn c2_2_two_players_need_two_canastas_to_empty_the_hand() {
    // C2-2 / C-OUT-1: one canasta of kings and a last king: melding it empties the hand with
    // one canasta only (not enough); discarding it too.
    let t = classic(2);
    assert!(!answer(&t, flags(100), &open("KH", vec![set(13, 7, 0)])));
    assert!(answer(
        &t,
        flags(100),
        &open("KH", vec![set(13, 7, 0), set(12, 7, 0)])
    ));
}

#[test]
fn k_pile_3_the_taken_card_cannot_be_the_only_discard() {
    // K-PILE-3: holding two copies of the taken 7H and nothing to meld them with.
    let t = kanasta();
    let f = TurnFlags {
        forbidden: Some(card("7H")),
        ..flags(9)
    };
    assert!(!answer(&t, f, &open("7H 7H", vec![])));
    // A third card (KS) may be discarded instead.
    assert!(answer(&t, f, &open("7H 7H KS", vec![])));
}

fn opening(cards: &str, shapes: Vec<Shape>, count: i32) -> Situation {
    Situation {
        opened: false,
        count,
        ..open(cards, shapes)
    }
}

#[test]
fn k_open_3_an_opening_reaches_its_minimum_or_the_turn_is_dead() {
    // The natural run 5H 6H 7H is down (½ + ½ + ½ = 3 half points); minimum 4½ (9).
    let t = kanasta();
    let laid = vec![run(2, 5, 7, None)];
    // 9C 9D 9S add 1 + 1 + 1 = 6: 9 reached, KD QC stay for the discard.
    assert!(answer(
        &t,
        flags(9),
        &opening("9C 9D 9S KD QC", laid.clone(), 3)
    ));
    // A pair of 9s needs a wild; KD QC JS meld nothing: no way to open.
    assert!(!answer(
        &t,
        flags(9),
        &opening("9C 9D KD QC JS", laid.clone(), 3)
    ));
    // Minimum 7½ (15): 9 is not enough, but the kings add 6 more: 15 with QC QH left.
    assert!(!answer(
        &t,
        flags(15),
        &opening("9C 9D 9S KD QC", laid.clone(), 3)
    ));
    assert!(answer(
        &t,
        flags(15),
        &opening("9C 9D 9S KD KC KS QC QH", laid, 3)
    ));
}

#[test]
fn k_open_2_an_opening_needs_a_natural_run() {
    // Minimum 4½ (9): three sets worth 18 half points but no natural run anywhere.
    let t = kanasta();
    assert!(!answer(
        &t,
        flags(9),
        &opening("9C 9D 9S KD KC KS QC QH", vec![], 0)
    ));
    // With 5H 6H 7H in hand the run is laid too.
    assert!(answer(
        &t,
        flags(9),
        &opening("9C 9D 9S 5H 6H 7H QC QH", vec![], 0)
    ));
}

#[test]
fn e2_k_open_3_pairs_and_runs_do_not_share_cards() {
    // The Python engine's regression (tests/test_solver.py), checked by hand there:
    // minimum 10 (20 half points), 8H 9H 2C and 2H 3H 4H laid (9 half points); the
    // best continuations reach 19 at most, so the team cannot open.
    let t = kanasta();
    let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
    let cards = "4C 4D 5D 6D 6S 8D QC KD JK JK";
    assert!(!answer(&t, flags(20), &opening(cards, laid.clone(), 9)));
    // Minimum 7½ (15): two sets (4C 4D JK, 6D 6S JK) add 8: 17.
    assert!(answer(&t, flags(15), &opening(cards, laid, 9)));
}

#[test]
fn the_memo_and_the_node_count_are_shared_by_the_searches_of_one_question() {
    let t = kanasta();
    let work = Work::default();
    let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
    let s = opening("4C 4D 5D 6D 6S 8D QC KD JK JK", laid, 9);
    {
        let mut finisher = Finisher::new(&t, flags(20), &work);
        assert_eq!(finisher.finishable(&s), Ok(false));
        assert!(finisher.memo_len() > 0);
    }
    let searched = work.nodes();
    assert!(searched > 0);
    assert_eq!(work.memo_len() as u64, searched);
    // A second finisher with the same flags reads the first one's answers: no new node.
    let mut again = Finisher::new(&t, flags(20), &work);
    assert_eq!(again.finishable(&s), Ok(false));
    assert_eq!(work.nodes(), searched);
    drop(again);
    // Other flags (minimum 7 1/2) have their own memo, and the same count.
    let mut other = Finisher::new(&t, flags(15), &work);
    assert_eq!(other.finishable(&s), Ok(true));
    assert!(work.nodes() >= searched);
}

#[test]
fn past_the_work_budget_the_question_is_given_up_with_the_python_message() {
    // The position above needs more than one node; with a budget of 1 the search gives up.
    let t = kanasta();
    let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
    let s = opening("4C 4D 5D 6D 6S 8D QC KD JK JK", laid, 9);
    let work = Work::new(1);
    let got = Finisher::new(&t, flags(20), &work).finishable(&s);
    assert_eq!(got, Err(SearchGaveUp { limit: 1 }));
    assert_eq!(work.nodes(), 2);
    // The message is kanasta.EngineLimitError's, the budget written as Python's f"{n:,}".
    assert_eq!(
        SearchGaveUp {
            limit: SEARCH_BUDGET
        }
        .to_string(),
        "deciding whether the turn can be finished (E-2) needs more than 250,000 search \
         steps here; the engine's work budget for one question"
    );
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1_234_567), "1,234,567");
}

/// Classic with several sets of one rank allowed: the Classic count does not apply, the
/// search does.
fn classic_several_sets() -> Tables {
    let mut rules = FinishRules::from(&Rules::classic(4).unwrap());
    rules.one_meld_per_rank = false;
    Tables::new(rules)
}

#[test]
fn c_three_2_two_dead_cards_end_a_going_out_search_at_once() {
    // Bound to go out (C-OUT-3 "yes") holding 3C 3S: black 3s are melded only three or
    // four together (C-THREE-2), so both stay in hand whatever is melded, and going out
    // discards one card at most.  The root node is the only one expanded.
    let t = classic_several_sets();
    let s = Situation {
        must_out: true,
        ..open(
            "3C 3S KC KD KH KS QC QD QH QS JC JD JH JS 9C 9D 9H",
            vec![set(10, 7, 0)],
        )
    };
    let work = Work::default();
    assert_eq!(
        Finisher::new(&t, flags(100), &work).finishable(&s),
        Ok(false)
    );
    assert_eq!(work.nodes(), 1);
    // One black 3 alone is the discard: the rest melds (KKKK QQQQ JJJJ 999), so going out works
    // (the canasta of 10s lets the hand be emptied, C-OUT-1).
    let s = Situation {
        must_out: true,
        ..open(
            "3C KC KD KH KS QC QD QH QS JC JD JH JS 9C 9D 9H",
            vec![set(10, 7, 0)],
        )
    };
    assert!(answer(&t, flags(100), &s));
}

#[test]
fn the_witness_finds_each_natural_run_in_hand_between_its_gaps() {
    let t = kanasta();
    let work = Work::default();
    let finisher = Finisher::new(&t, flags(20), &work);
    let cards = hand("AH 2H 3H 4H 6H 7H 8H QS KS AS 5C 6C");
    let found: Vec<(u8, u8, u8, i32)> = finisher
        .segments(&cards, cards.run_rows())
        .iter()
        .map(|s| (s.suit, s.start, s.len, s.value))
        .collect();
    // hearts A to 4 (1½ + ½ for the 2 in its place + ½ + ½ = 6 half points), hearts 6 to 8
    // (½ + ½ + 1), spades Q K A with the ace on top (1 + 1 + 1½); 5C 6C is too short,
    // and so is the ace of spades alone at the bottom
    assert_eq!(found, vec![(2, 1, 4, 6), (2, 6, 3, 4), (3, 12, 3, 7)]);
}

#[test]
fn c_open_1_the_witness_holds_back_its_two_cheapest_cards() {
    // Not down, cards laid, minimum 50 (100 half points): four kings (80) and four queens
    // (80) open; melding the jacks too would leave no card to discard, so the witness keeps
    // the two cheapest cards (JC JD) and the lone JH: opened with three cards left, at the
    // root, without expanding a search node.
    let t = classic_several_sets();
    let s = opening("KC KD KH KS QC QD QH QS JC JD JH", vec![], 0);
    let work = Work::default();
    assert_eq!(
        Finisher::new(&t, flags(100), &work).finishable(&s),
        Ok(true)
    );
    assert_eq!(work.nodes(), 0);
}

#[test]
fn multichoices_are_those_of_combinations_with_replacement() {
    let mut seen: Vec<Vec<usize>> = Vec::new();
    for_each_multichoice(3, 2, &mut |c| {
        seen.push(c.to_vec());
        false
    });
    let expected: Vec<Vec<usize>> = vec![
        vec![0, 0],
        vec![0, 1],
        vec![0, 2],
        vec![1, 1],
        vec![1, 2],
        vec![2, 2],
    ];
    assert_eq!(seen, expected);
}

#[test]
fn combos_skip_repeats_of_identical_cards_in_lexicographic_order() {
    let combos = |cards: &str, kinds: &[usize], k: usize| {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for_each_combo(&hand(cards), kinds, k, &mut |c| out.push(c.to_vec()));
        out
    };
    // 7C 7C 7H: the pairs are 7C 7C and 7C 7H, once each; no trio of distinct cards.
    let sevens = [24, 25, 26, 27];
    assert_eq!(
        combos("7C 7C 7H", &sevens, 2),
        vec![vec![24, 24], vec![24, 26]]
    );
    assert_eq!(combos("7C 7H", &sevens, 3), Vec::<Vec<usize>>::new());
    // 7C 7C 7H 7H 7S: every trio, more copies of the lowest card first.
    assert_eq!(
        combos("7C 7C 7H 7H 7S", &sevens, 3),
        vec![
            vec![24, 24, 26],
            vec![24, 24, 27],
            vec![24, 26, 26],
            vec![24, 26, 27],
            vec![26, 26, 27],
        ]
    );
    // one of each suit: the pairs and trios of distinct cards, lowest first
    assert_eq!(
        combos("7C 7D 7H 7S", &sevens, 2),
        vec![
            vec![24, 25],
            vec![24, 26],
            vec![24, 27],
            vec![25, 26],
            vec![25, 27],
            vec![26, 27],
        ]
    );
    assert_eq!(combos("7D 7H 7S JK", &sevens, 3), vec![vec![25, 26, 27]]);
    // three copies of one card: its trio, then two copies with each other card
    assert_eq!(
        combos("7D 7D 7D 7S", &sevens, 3),
        vec![vec![25, 25, 25], vec![25, 25, 27]]
    );
}

#[test]
fn a_meld_changed_or_added_by_a_step_moves_to_its_sorted_place() {
    // sets before runs, sets by rank: the set of 4s made a set of queens goes after the 9s
    let mut shapes = [set(4, 3, 0), set(9, 3, 0), run(0, 3, 5, None)];
    shapes[0] = set(12, 3, 0);
    into_place(&mut shapes, 0);
    assert_eq!(shapes, [set(9, 3, 0), set(12, 3, 0), run(0, 3, 5, None)]);
    // a new set of 5s, pushed last, goes first; a run grown at its low end stays last
    let mut shapes = [set(9, 3, 0), run(0, 3, 5, None), set(5, 2, 1)];
    into_place(&mut shapes, 2);
    assert_eq!(shapes, [set(5, 2, 1), set(9, 3, 0), run(0, 3, 5, None)]);
    shapes[2] = run(0, 2, 5, None);
    into_place(&mut shapes, 2);
    assert_eq!(shapes, [set(5, 2, 1), set(9, 3, 0), run(0, 2, 5, None)]);
}

#[test]
fn the_wild_cards_listed_are_the_2s_and_the_joker() {
    // G-WILD-1: the four 2s (indices 4 to 7) and the joker (52)
    let wild: Vec<usize> = (0..crate::cards::DISTINCT)
        .filter(|&c| is_wild(c))
        .collect();
    assert_eq!(wild, vec![4, 5, 6, 7, 52]);
    assert_eq!(WILD_CARDS.to_vec(), wild);
}

#[test]
fn run_rows_hold_each_suits_run_positions_with_the_ace_at_both_ends() {
    // clubs A 2 3, hearts Q K, one joker (no run position); bit p = position p
    let rows = hand("AC 2C 3C QH KH JK").run_rows();
    assert_eq!(rows[0], (1 << 1) | (1 << 2) | (1 << 3) | (1 << 14));
    assert_eq!(rows[1], 0);
    assert_eq!(rows[2], (1 << 12) | (1 << 13));
    assert_eq!(rows[3], 0);
    assert!(tables::has_window(rows[0])); // A-2-3
    assert!(!tables::has_window(rows[2])); // Q-K only
                                           // Q K A of hearts: the ace closes the window at the top (position 14)
    assert!(tables::has_window(hand("QH KH AH").run_rows()[2]));
    assert!(!tables::has_window(hand("KH AH 2H").run_rows()[2])); // no wrap-around

    // a 7 of every suit (two of diamonds), the king of spades, two aces of spades
    let rows = hand("7C 7D 7D 7H 7S KS AS AS").run_rows();
    assert_eq!(rows[0], 1 << 7);
    assert_eq!(rows[1], 1 << 7);
    assert_eq!(rows[2], 1 << 7);
    assert_eq!(rows[3], (1 << 1) | (1 << 7) | (1 << 13) | (1 << 14));
}

#[test]
fn a_hand_counts_its_cards_across_every_word_of_counts() {
    assert_eq!(hand("").len(), 0);
    assert_eq!(hand("AC AC 2D KS KS JK JK JK JK").len(), 9);
    // eight of one stand-in (two decks' four suits) and cards in the last, short word
    let mut eight = Cards::default();
    for _ in 0..8 {
        eight.add(0);
    }
    eight.add(usize::from(JOKER));
    eight.add(50);
    assert_eq!(eight.len(), 10);
}

#[test]
fn a_hand_totals_each_ranks_four_counts() {
    let cards = hand("7C 7D 7D 7S KS JK 2H");
    assert_eq!(cards.rank_total(7), 4);
    assert_eq!(cards.rank_total(13), 1);
    assert_eq!(cards.rank_total(1), 0);
    assert_eq!(cards.rank_total(2), 1); // the 2 of hearts; the joker has no rank
}

#[test]
fn a_hand_lists_its_cards_in_index_order_across_every_word_of_counts() {
    assert_eq!(hand("").iter().count(), 0);
    // AC is 0, 2D 5, 9C 32 (the fifth word), KS 51 and JK 52 (the last, short word)
    let listed: Vec<(usize, u8)> = hand("JK KS AC 9C AC 2D JK").iter().collect();
    assert_eq!(listed, vec![(0, 2), (5, 1), (32, 1), (51, 1), (52, 2)]);
    // two cards in one word, the words between them empty
    let listed: Vec<(usize, u8)> = hand("4C 4S").iter().collect();
    assert_eq!(listed, vec![(12, 1), (15, 1)]);
}

#[test]
fn distinct_meld_shapes_pack_into_distinct_words() {
    let mut shapes = Vec::new();
    for rank in 1..14 {
        for naturals in 0..9 {
            for wilds in 0..4 {
                shapes.push(set(rank, naturals, wilds));
            }
        }
    }
    for suit in 0..4 {
        for low in 1..15 {
            for high in low..15 {
                shapes.push(run(suit, low, high, None));
                for w in low..=high {
                    shapes.push(run(suit, low, high, Some(w)));
                }
            }
        }
    }
    let words: std::collections::HashSet<u64> = shapes.iter().map(Shape::word).collect();
    assert_eq!(words.len(), shapes.len());
}

#[test]
fn k_meld_2_a_single_ace_serves_one_segment_of_the_witness() {
    // The ace stands low (A-2-3) or high (Q-K-A), never both at once: with one ace of
    // clubs the witness finds A-2-3 and not Q-K-A too; with two it finds both.
    let t = kanasta();
    let work = Work::default();
    let finisher = Finisher::new(&t, flags(20), &work);
    let starts = |text: &str| -> Vec<(u8, u8)> {
        finisher
            .segments(&hand(text), hand(text).run_rows())
            .iter()
            .map(|s| (s.start, s.len))
            .collect()
    };
    assert_eq!(starts("AC 2C 3C QC KC"), vec![(1, 3)]);
    assert_eq!(starts("AC AC 2C 3C QC KC"), vec![(1, 3), (12, 3)]);
    assert_eq!(starts("AC 2C QC KC"), vec![(12, 3)]);
}

#[test]
fn k_open_3_e2_a_single_ace_does_not_open_twice() {
    // Kanasta, a team at 200 or more needing 10 points (20 half points) with a natural run
    // down (4S 5S 6S, 3 half points), holding AC 2C 3C 7H JD JS QC KC KS JK: A-2-3 and
    // Q-K-A cannot both be laid from one ace, and no plan reaches 20 with a card left
    // to discard (the most is 18: Q-K-A with 2C as the jack, J-J-JK, 4S-6S). A game reached a
    // dead end after the greedy witness counted the ace twice.
    let t = kanasta();
    let s = opening("AC 2C 3C 7H JD JS QC KC KS JK", vec![run(3, 4, 6, None)], 3);
    assert!(!answer(&t, flags(20), &s));
    // with a second ace of clubs both runs are there: 3 + 5 + 7 + J-J-JK 6 = 21
    let s = opening(
        "AC AC 2C 3C 7H JD JS QC KC KS JK",
        vec![run(3, 4, 6, None)],
        3,
    );
    assert!(answer(&t, flags(20), &s));
}

/// The card sets' readings ([`Cards::run_rows`], [`Cards::is_empty`], a word at a time)
/// answer as a card-by-card reading does, on hands of every size (counts up to 8).
#[test]
fn card_sets_read_a_word_at_a_time_as_card_by_card() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..2000 {
        let mut counts = [0u8; crate::cards::DISTINCT];
        for _ in 0..round % 60 {
            let c = (next() % crate::cards::DISTINCT as u64) as usize;
            if counts[c] < 8 {
                counts[c] += 1;
            }
        }
        let cards = Cards::from_counts(counts);
        let mut rows = [0u16; 4];
        for (c, &n) in counts.iter().enumerate().take(52) {
            if n > 0 {
                let (rank, suit) = (c / 4 + 1, c % 4);
                rows[suit] |= 1 << rank;
                if rank == 1 {
                    rows[suit] |= 1 << 14;
                }
            }
        }
        assert_eq!(cards.run_rows(), rows, "{counts:?}");
        assert_eq!(cards.is_empty(), counts.iter().all(|&n| n == 0));
    }
}

/// C-OUT-3 "yes", C-OUT-1, E-2 (the Classic count's going out): a natural card alone
/// of its rank with no set to join must be the card discarded, and a pair with no set
/// of its rank takes a wild card (checked by hand, and against the Python engine).
#[test]
fn c_out_3_lone_cards_and_pairs_when_bound_to_go_out() {
    let t = classic(4);
    let kings = set(13, 7, 0);
    let bound = |cards: &str, shapes: Vec<Shape>| Situation {
        must_out: true,
        laid: false,
        ..open(cards, shapes)
    };
    // a 7 and a 9 alone: one of them is discarded, the other melds nowhere
    assert!(!answer(&t, flags(100), &bound("7H 9S", vec![kings])));
    // with a set of 9s down the 9 joins it and the 7 is discarded
    assert!(answer(
        &t,
        flags(100),
        &bound("7H 9S", vec![kings, set(9, 3, 0)])
    ));
    // two pairs and one wild card: one pair is left (discarding one of it leaves one card)
    assert!(!answer(
        &t,
        flags(100),
        &bound("7H 7S 9H 9S JK", vec![kings])
    ));
    // two pairs and two wild cards: two sets, nothing to discard
    assert!(answer(
        &t,
        flags(100),
        &bound("7H 7S 9H 9S JK 2C", vec![kings])
    ));
    // a lone 7 discarded, a pair melded with the joker; without the joker the pair stays
    assert!(answer(&t, flags(100), &bound("7H 9H 9S JK", vec![kings])));
    assert!(!answer(&t, flags(100), &bound("7H 9H 9S", vec![kings])));
    // discarding is not allowed (K-OUT-4's flag): the lone 7 stays
    let no_discard = TurnFlags {
        discard_empty_ok: false,
        ..flags(100)
    };
    assert!(!answer(&t, no_discard, &bound("7H 9H 9S JK", vec![kings])));
}

/// The cards present as bits are those the hand counts, whatever their number
/// (a stand-in card may count up to 8), and the wild cards' bits are `is_wild`'s.
#[test]
fn the_held_mask_has_a_bit_for_each_card_present() {
    let mut seed = 12_345u64;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as u8
    };
    for round in 0..2_000 {
        let mut counts = [0u8; crate::cards::DISTINCT];
        for n in counts.iter_mut() {
            // mostly none, some up to 8 copies (round 0: an empty hand)
            let r = next();
            *n = if round == 0 || r % 3 != 0 { 0 } else { r % 9 };
        }
        let want = (0..crate::cards::DISTINCT)
            .filter(|&c| counts[c] > 0)
            .fold(0u64, |mask, c| mask | 1 << c);
        assert_eq!(Cards::from_counts(counts).held_mask(), want, "{counts:?}");
    }
    assert_eq!(hand("AC 2D JK JK").held_mask(), 1 | 1 << 5 | 1 << 52);
    for c in 0..crate::cards::DISTINCT {
        assert_eq!(
            super::tables::WILD_MASK >> c & 1 != 0,
            is_wild(c),
            "card {c}"
        );
    }
}
