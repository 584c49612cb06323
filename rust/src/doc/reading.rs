//! Reading JSON-shaped input: one helper per kind of value, each naming the
//! dotted path of a bad one (the Python engine's `kanasta._reading`).

use serde_json::{Map, Value};

use super::{fail, join, DocError};
use crate::action::parse_cards;
use crate::cards::Card;
use crate::rules::{read_halves, read_int};

pub(super) fn obj<'a>(
    v: &'a Value,
    path: &str,
    keys: &[&str],
) -> Result<&'a Map<String, Value>, DocError> {
    let Value::Object(m) = v else {
        return fail(path, "expected an object");
    };
    if let Some(k) = m.keys().find(|k| !keys.contains(&k.as_str())) {
        return fail(&join(path, k), "unknown key");
    }
    Ok(m)
}

pub(super) fn need<'a>(
    m: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a Value, DocError> {
    m.get(key)
        .map_or_else(|| fail(path, format!("missing key '{key}'")), Ok)
}

pub(super) fn int(v: &Value, path: &str, low: i64, high: i64) -> Result<i64, DocError> {
    match read_int(v) {
        Ok(i) if (low..=high).contains(&i) => Ok(i),
        Ok(i) => fail(path, format!("must be from {low} to {high}, not {i}")),
        Err(e) => fail(path, e),
    }
}

pub(super) fn index(v: &Value, path: &str, below: usize) -> Result<usize, DocError> {
    Ok(int(v, path, 0, below as i64 - 1)? as usize)
}

pub(super) fn boolean(v: &Value, path: &str) -> Result<bool, DocError> {
    v.as_bool()
        .map_or_else(|| fail(path, "expected true or false"), Ok)
}

pub(super) fn list<'a>(
    v: &'a Value,
    path: &str,
    len: Option<usize>,
) -> Result<&'a [Value], DocError> {
    let Value::Array(items) = v else {
        return fail(path, "expected a list");
    };
    if let Some(n) = len {
        if items.len() != n {
            return fail(path, format!("expected {n} items, got {}", items.len()));
        }
    }
    Ok(items)
}

pub(super) fn cards(v: &Value, path: &str) -> Result<Vec<Card>, DocError> {
    let Value::String(text) = v else {
        return fail(path, "expected cards as text (e.g. \"7H 7D JK\")");
    };
    let out = parse_cards(text).or_else(|e| fail(path, e))?;
    if out.len() > 108 {
        return fail(path, format!("{} cards: the deck has 108", out.len()));
    }
    Ok(out)
}

pub(super) fn one_card(v: &Value, path: &str) -> Result<Option<Card>, DocError> {
    if v.is_null() {
        return Ok(None);
    }
    match cards(v, path)?.as_slice() {
        [c] => Ok(Some(*c)),
        other => fail(path, format!("expected one card, got {}", other.len())),
    }
}

pub(super) fn halves(v: &Value, path: &str) -> Result<i64, DocError> {
    read_halves(v).or_else(|e| fail(path, e))
}
