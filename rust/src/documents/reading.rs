//! Reading JSON-shaped input: one helper per kind of value, each naming the
//! dotted path of a bad one (the Python engine's `kanasta._reading`), and the
//! error every reader of documents answers with ([`DocError`]).

use serde_json::{Map, Value};

use crate::actions::parse_cards;
use crate::cards::Card;
use crate::limits::LIMITS;

/// Why a document cannot be read: the dotted path of the bad value and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "<document>"
        } else {
            &self.path
        };
        write!(f, "{path}: {}", self.message)
    }
}

impl std::error::Error for DocError {}

/// The error at `path`.
pub(super) fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, DocError> {
    Err(DocError {
        path: path.to_string(),
        message: message.into(),
    })
}

/// The dotted path of `key` below `path`.
pub(super) fn join(path: &str, key: impl std::fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

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

/// A JSON int (not a bool, not a float) of at most the table's `document_int`
/// either way ([`LIMITS`]), from `low` to `high`.
pub(super) fn int(v: &Value, path: &str, low: i64, high: i64) -> Result<i64, DocError> {
    let limit = LIMITS.document_int;
    let Some(i) = v.as_i64().filter(|_| v.is_i64() || v.is_u64()) else {
        return match v.as_u64() {
            Some(_) => fail(path, format!("must be at most {limit} either way")),
            None => fail(path, format!("expected int, got {v}")),
        };
    };
    if i.abs() > limit {
        return fail(path, format!("must be at most {limit} either way"));
    }
    if !(low..=high).contains(&i) {
        return fail(path, format!("must be from {low} to {high}, not {i}"));
    }
    Ok(i)
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

/// A point value (an int, or a float that is a whole or half number) of at most
/// the table's `document_int` either way, in half points.
pub(super) fn halves(v: &Value, path: &str) -> Result<i64, DocError> {
    let limit = LIMITS.document_int;
    if v.is_i64() || v.is_u64() {
        return Ok(2 * int(v, path, -limit, limit)?);
    }
    let Some(f) = v.as_f64() else {
        return fail(path, format!("expected number, got {v}"));
    };
    let h = f * 2.0;
    if !h.is_finite() || h.fract() != 0.0 || f.abs() > limit as f64 {
        return fail(path, format!("{f} is not a whole or half number in range"));
    }
    Ok(h as i64)
}
