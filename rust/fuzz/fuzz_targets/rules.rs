//! The rules reader (`Rules::from_value`) on any JSON text.
//!
//! Contract: malformed rules are an error, never a panic; rules that read
//! write back (`to_value`, `to_doc_value`) to rules that read the same.
#![no_main]

use kanasta_core::rules::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Ok(rules) = Rules::from_value(&value) else {
        return;
    };
    for written in [rules.to_value(), rules.to_doc_value()] {
        match Rules::from_value(&written) {
            Ok(again) => assert_eq!(again, rules, "the rules read back differently"),
            Err(e) => panic!("rules that read do not read back: {e}\n{written}"),
        }
    }
});
