//! The position-document reader (`doc::from_json`) on any bytes.
//!
//! Contract: malformed input is an error, never a panic.  A document that
//! reads must write back to a document that reads to the same position and
//! writes the same text; the position's legal moves must list without a
//! panic, and the first of them must apply.
#![no_main]

use kanasta_core::documents::{from_json, to_json};
use kanasta_core::engine::apply::apply;
use kanasta_core::legality::{can_take, legal_moves};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = from_json(text) else {
        return;
    };
    let written = to_json(&state);
    let again = match from_json(&written) {
        Ok(s) => s,
        Err(e) => panic!("a document that read does not read back: {e:?}\n{written}"),
    };
    assert!(again == state, "the document read back to another position");
    assert_eq!(to_json(&again), written, "writing is not stable");
    if let Ok(moves) = legal_moves(&state) {
        if let Some(first) = moves.first() {
            let can = |s: &kanasta_core::position::State| can_take(s).unwrap_or(false);
            if let Err(e) = apply(&state, first, &can) {
                panic!("the first legal move {first} does not apply: {e:?}");
            }
        }
    }
});
