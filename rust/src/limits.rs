//! The limits of every number the library reads: one table,
//! `src/kanasta/limits.json`, compiled in here and read by the core's readers
//! (rules in [`crate::rules`], positions in [`crate::documents`]), and loaded by the
//! Python validator of `Rules` and the Python position reader, so that both
//! engines accept exactly the same values.
//!
//! `document_int` bounds scores, hand numbers, counts and the points of a hand
//! result.  A hand scores at most about 4 * 10^10 under any rules the ranges
//! allow (15 canastas at a doubled 2 * 10^9, four packets, four red 3s and
//! going out at 10^9 each, 108 cards at 10^4), so a game would need some
//! 25,000 hands at those extremes to reach 10^15; and 10^15 is below 2^53, so
//! every number stays exact as a JavaScript number.

use std::sync::LazyLock;

use serde_json::Value;

/// The table's text (the Python package's data file).
const TABLE: &str = include_str!("../../src/kanasta/limits.json");

/// The table, read once.
pub struct Limits {
    /// The largest whole-number rule value: a target score, a bonus, a band start.
    pub rules_int: i64,
    /// The largest card value or opening minimum, in points.
    pub rules_points: i64,
    /// The largest magnitude of any integer or point value in a position document.
    pub document_int: i64,
    /// The least stock a deal may leave.
    pub min_stock: i64,
    /// `(field, lowest, highest)` of every whole-number field of `Rules`, in the order validation checks them.
    pub rule_ranges: Vec<(String, i64, i64)>,
}

/// The table compiled in (checked by this module's tests: a bad table panics at first use).
pub static LIMITS: LazyLock<Limits> = LazyLock::new(|| read(TABLE).expect("limits.json"));

fn read(text: &str) -> Result<Limits, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let int = |key: &str| doc[key].as_i64().ok_or(format!("{key}: expected an int"));
    let rules_int = int("rules_int")?;
    let bound = |v: &Value| match v {
        Value::String(s) if s == "rules_int" => Ok(rules_int),
        Value::String(s) if s == "-rules_int" => Ok(-rules_int),
        other => other.as_i64().ok_or(format!("bad bound {other}")),
    };
    let mut rule_ranges = Vec::new();
    for item in doc["rule_ranges"]
        .as_array()
        .ok_or("rule_ranges: expected a list")?
    {
        match item.as_array().map(Vec::as_slice) {
            Some([Value::String(name), low, high]) => {
                rule_ranges.push((name.clone(), bound(low)?, bound(high)?))
            }
            _ => return Err(format!("bad rule range {item}")),
        }
    }
    Ok(Limits {
        rules_int,
        rules_points: int("rules_points")?,
        document_int: int("document_int")?,
        min_stock: int("min_stock")?,
        rule_ranges,
    })
}

/// The range of a field of the table's `rule_ranges`.
pub fn rule_range(field: &str) -> (i64, i64) {
    LIMITS
        .rule_ranges
        .iter()
        .find(|(name, _, _)| name == field)
        .map_or((i64::MIN, i64::MAX), |&(_, low, high)| (low, high))
}

/// Why `value` is out of `field`'s range, in the Python validator's words, or None.
pub fn out_of_range(field: &str, value: i64) -> Option<String> {
    let (low, high) = rule_range(field);
    if (low..=high).contains(&value) {
        return None;
    }
    if field == "players" {
        Some(format!("must be 2, 3 or 4, not {value}"))
    } else if high == LIMITS.rules_int && value < low {
        Some(format!("must be at least {low}, not {value}"))
    } else {
        Some(format!("must be from {low} to {high}, not {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_its_ranges_speak() {
        assert_eq!(LIMITS.rules_int, 1_000_000_000);
        assert_eq!(LIMITS.rules_points, 10_000);
        assert_eq!(LIMITS.min_stock, 20);
        // 2^53: every document number is exact as a double (a JavaScript number)
        assert!(LIMITS.document_int < 1 << 53);
        assert_eq!(rule_range("draw_count"), (1, 5));
        assert_eq!(
            rule_range("opening_band_start"),
            (-1_000_000_000, 1_000_000_000)
        );
        assert_eq!(out_of_range("draw_count", 5), None);
        assert_eq!(
            out_of_range("draw_count", 6).as_deref(),
            Some("must be from 1 to 5, not 6")
        );
        assert_eq!(
            out_of_range("hand_size", 0).as_deref(),
            Some("must be at least 1, not 0")
        );
        // a negative count in the table's words, as the Python validator says it
        assert_eq!(
            out_of_range("canastas_to_go_out", -1).as_deref(),
            Some("must be from 0 to 10, not -1")
        );
        assert_eq!(
            out_of_range("players", -1).as_deref(),
            Some("must be 2, 3 or 4, not -1")
        );
        assert!(read("{}").is_err());
    }
}
