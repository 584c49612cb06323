//! JSON text as Python's `json.dumps` writes it with its defaults: `", "`
//! between items, `": "` after a key, every character outside printable
//! ASCII escaped as `\uXXXX` (lowercase hex; a character beyond the Basic
//! Multilingual Plane as its UTF-16 surrogate pair), and floats as Python's
//! `repr` writes them.  Keys keep their order (the crate's `serde_json` keeps
//! insertion order), so a document built key for key as the Python writer
//! builds its dict is the same text, byte for byte.

use serde_json::Value;

const HEX: &[u8; 16] = b"0123456789abcdef";

fn write_unit(out: &mut Vec<u8>, unit: u16) {
    out.extend_from_slice(&[
        b'\\',
        b'u',
        HEX[usize::from(unit >> 12)],
        HEX[usize::from((unit >> 8) & 0xf)],
        HEX[usize::from((unit >> 4) & 0xf)],
        HEX[usize::from(unit & 0xf)],
    ]);
}

/// A float as Python's `repr` writes it: the shortest digits that read back
/// the same, in positional notation from 1e-4 up to 1e16, else as
/// `d.ddde+XX`; a whole float keeps its `.0`.
pub fn python_float(value: f64) -> String {
    if !value.is_finite() {
        // (json.dumps writes these for a float field; the core never makes one)
        return if value.is_nan() {
            "NaN".to_string()
        } else if value > 0.0 {
            "Infinity".to_string()
        } else {
            "-Infinity".to_string()
        };
    }
    let magnitude = value.abs();
    if value == 0.0 || (1e-4..1e16).contains(&magnitude) {
        let text = format!("{value:?}"); // Rust's Debug: shortest digits, positional here
        if text.contains('.') || text.contains('e') {
            text
        } else {
            format!("{text}.0")
        }
    } else {
        let text = format!("{value:e}"); // shortest digits, e.g. "1.5e20", "1e-5"
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let (sign, digits) = match exponent.strip_prefix('-') {
            Some(d) => ('-', d),
            None => ('+', exponent),
        };
        format!("{mantissa}e{sign}{digits:0>2}")
    }
}

/// Append `text` as a JSON string: quotes, backslashes and the short
/// escapes as Python writes them, printable ASCII as it is, anything else
/// as `\uXXXX` units.
pub fn write_str(text: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    if text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
    {
        out.extend_from_slice(text.as_bytes());
    } else {
        let mut units = [0u16; 2];
        for c in text.chars() {
            match c {
                '"' => out.extend_from_slice(b"\\\""),
                '\\' => out.extend_from_slice(b"\\\\"),
                '\n' => out.extend_from_slice(b"\\n"),
                '\r' => out.extend_from_slice(b"\\r"),
                '\t' => out.extend_from_slice(b"\\t"),
                '\u{8}' => out.extend_from_slice(b"\\b"),
                '\u{c}' => out.extend_from_slice(b"\\f"),
                ' '..='~' => out.push(c as u8),
                _ => {
                    for unit in c.encode_utf16(&mut units) {
                        write_unit(out, *unit);
                    }
                }
            }
        }
    }
    out.push(b'"');
}

/// `items` as a JSON list as Python's `json.dumps` writes one (`", "` between
/// items), each item written by `each`.
pub fn write_list<T>(
    out: &mut Vec<u8>,
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        each(out, item);
    }
    out.push(b']');
}

/// Append `value` to `out` as `json.dumps(value)` writes it.
pub fn write(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.extend_from_slice(i.to_string().as_bytes());
            } else if let Some(u) = n.as_u64() {
                out.extend_from_slice(u.to_string().as_bytes());
            } else {
                out.extend_from_slice(python_float(n.as_f64().unwrap_or(f64::NAN)).as_bytes());
            }
        }
        Value::String(s) => write_str(s, out),
        Value::Array(items) => write_list(out, items, |o, item| write(item, o)),
        Value::Object(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(b", ");
                }
                write_str(key, out);
                out.extend_from_slice(b": ");
                write(item, out);
            }
            out.push(b'}');
        }
    }
}

/// `value` as the text `json.dumps(value)` gives.
pub fn to_string(value: &Value) -> String {
    let mut out = Vec::new();
    write(value, &mut out);
    // everything written is ASCII
    String::from_utf8(out).expect("the text is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn separators_and_nesting_are_those_of_json_dumps() {
        let v = json!({"a": [1, 2, {"b": null}], "c": true, "d": [], "e": {}});
        assert_eq!(
            to_string(&v),
            r#"{"a": [1, 2, {"b": null}], "c": true, "d": [], "e": {}}"#
        );
    }

    #[test]
    fn strings_are_escaped_to_ascii_as_python_does() {
        // json.dumps('a"b\\c\n\t\x01\x7f é€😀') (checked by hand against CPython)
        let v = Value::from("a\"b\\c\n\t\u{1}\u{7f} é€😀");
        assert_eq!(
            to_string(&v),
            r#""a\"b\\c\n\t\u0001\u007f \u00e9\u20ac\ud83d\ude00""#
        );
    }

    #[test]
    fn floats_are_written_as_python_repr() {
        assert_eq!(python_float(12.5), "12.5");
        assert_eq!(python_float(-0.5), "-0.5");
        assert_eq!(python_float(3.0), "3.0");
        assert_eq!(python_float(1e16), "1e+16");
        assert_eq!(python_float(1.5e20), "1.5e+20");
        assert_eq!(python_float(1e-5), "1e-05");
        assert_eq!(python_float(0.0001), "0.0001");
        assert_eq!(to_string(&json!([0.5, 2])), "[0.5, 2]");
    }
}
