//! Unit tests of position documents: reading back what is written, a
//! published position, and bad documents refused without a panic.

use std::sync::Arc;

use serde_json::{json, Value};

use super::*;
use crate::legality::SEARCH_BUDGET;
use crate::position::{Phase, State};
use crate::rules::Rules;

#[test]
fn a_new_game_reads_back_to_itself() {
    for name in crate::rules::PRESET_NAMES {
        let rules = Arc::new(Rules::preset(name).unwrap());
        for seed in [0, 1, 7, u64::MAX] {
            let (s, _) = State::new_game(rules.clone(), seed);
            let doc = to_value(&s);
            assert_eq!(doc["format"], json!(FORMAT));
            assert_eq!(doc["rules"], json!(name));
            let back = from_json(&to_json(&s)).unwrap();
            assert_eq!(to_value(&back), doc);
        }
    }
}

#[test]
fn the_python_docstring_position() {
    // serialize.state_from_dict's example: a hand-written Classic document with four hands.
    let s = from_value(&json!({"format": "kanasta.position/1", "rules": "classic",
        "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]}))
    .unwrap();
    assert_eq!(
        (s.phase, s.player, s.dealer, s.stock().len()),
        (Phase::Draw, 0, 3, 96)
    );
}

#[test]
fn bad_documents_are_errors_not_panics() {
    let (s, _) = State::new_game(Arc::new(Rules::kanasta()), 3);
    let good = to_value(&s);
    let mut bad: Vec<Value> = vec![
        json!(null),
        json!([]),
        json!({"format": "kanasta.position/1"}),
        json!({"format": "nope", "rules": "classic", "hands": []}),
    ];
    let edits: Vec<(&str, Value)> = vec![
        ("rules", json!("canasta")),
        ("rules", json!({"players": 9})),
        ("hands", json!(["7H"])),
        ("hands", json!([1, 2, 3, 4])),
        ("stock", json!("7H 7H 7H")),
        ("melds", json!([["7H 8S 9D"], []])),
        ("melds", json!([["2H* 3H 4H"], []])),
        ("melds", json!([["*"], []])),
        ("player", json!(7)),
        ("player", json!(-1)),
        ("seed", json!(-1)),
        ("seed", json!(1.5)),
        ("turn", json!({"own_from": 40})),
        ("turn", json!({"count": "x"})),
        ("packets", json!(["7H"])),
        ("packets_taken", json!([5, 0])),
        ("trump", json!("JK")),
        ("hand_results", json!([{"hand_number": 1}])),
        ("colour", json!("red")),
    ];
    for (key, value) in edits {
        let mut d = good.clone();
        d[key] = value;
        bad.push(d);
    }
    for d in bad {
        assert!(from_value(&d).is_err(), "{d}");
    }
    assert!(from_json("{").is_err());
    assert!(from_json("[1, 2").is_err());
}

/// The first position of a seeded Kanasta game (a fixed, varied choice of
/// moves) whose listing needs some search nodes, with their number.
fn a_position_that_searches() -> (State, u64) {
    let (mut s, _) = State::new_game(Arc::new(Rules::kanasta()), 11);
    for turn in 0..5_000u64 {
        let (moves, nodes) = crate::legality::legal_moves_within(&s, SEARCH_BUDGET);
        if nodes > 0 {
            return (s, nodes);
        }
        let moves = moves.unwrap();
        // melds first when there are some (the searching positions are openings), else a varied pick
        let pick = moves
            .iter()
            .position(|m| m.to_string().starts_with("meld"))
            .unwrap_or((turn as usize * 7) % moves.len());
        s = crate::engine::apply::play_trusted(&s, &moves[pick], SEARCH_BUDGET)
            .unwrap()
            .0;
    }
    panic!("no position of the game searched");
}

#[test]
fn a_document_whose_listing_needs_more_than_the_budget_is_refused_as_python_refuses_it() {
    // The Python reader's last step lists the position's moves; past the work budget it
    // refuses the whole document (path "") with its message around EngineLimitError's.
    let (s, nodes) = a_position_that_searches();
    let doc = to_value(&s);
    let err = read_within(&doc, nodes - 1).unwrap_err();
    assert_eq!(err.path, "");
    let gave_up = crate::legality::SearchGaveUp { limit: nodes - 1 };
    assert_eq!(
        err.to_string(),
        format!("<document>: the engine cannot search this position: {gave_up}")
    );
    assert!(err.message.contains("work budget for one question"));
    assert!(from_json_within(&to_json(&s), nodes - 1).is_err());
    // Within exactly the nodes it needs it is read, with the moves listed as the core lists them.
    let (read, moves) = read_within(&doc, nodes).unwrap();
    assert!(read == s);
    assert_eq!(moves, crate::legality::legal_moves(&s).unwrap());
    assert!(from_value(&doc).is_ok() && from_json(&to_json(&s)).is_ok());
}
