//! The move-notation parser (`action::parse_action`) on any text.
//!
//! Contract: malformed text is an error, never a panic; a move that parses
//! formats to text that parses to the same move and formats the same.
#![no_main]

use kanasta_core::actions::parse_action;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(action) = parse_action(text) else {
        return;
    };
    let written = action.to_string();
    match parse_action(&written) {
        Ok(again) => {
            assert_eq!(
                again, action,
                "{text:?} -> {written:?} reads as another move"
            );
            assert_eq!(again.to_string(), written, "formatting is not stable");
        }
        Err(e) => panic!("{text:?} parsed, but its notation {written:?} does not: {e}"),
    }
});
