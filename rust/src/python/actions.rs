//! The moves the package's action objects hold (the classes are `action_classes.rs`): one
//! move as an object holds it ([`Body`]: its cards' indices in stored order, its meld
//! number, a partner's answer; the tuple of its cards as the package's `Card` objects made
//! when first read), the checks of the constructors' fields (RULES E-5), and the one table
//! of the objects the core hands out ([`action_objects`]).  Nothing can change an action
//! object, so the listings and histories of every game share one object per move.
//!
//! The checks raise the package's `ActionError` with the messages the package documents;
//! the package registers that class with its 53 card objects ([`register_actions`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use crate::actions::{is_set, sort_wilds_last, Action, Notation, Verb, MAX_MELD_INDEX};
use crate::cards::{Card, DECK_SIZE, DISTINCT};
use crate::legality::solver::budget::FxHasher;

/// What the package registers for its action classes: its 53 card objects by index, the
/// index of each by its address, and its `ActionError`.
struct Registry {
    cards: Arc<[Py<PyAny>]>,
    index: HashMap<usize, Card, BuildHasherDefault<FxHasher>>,
    error: Py<PyType>,
}

static REGISTRY: OnceLock<Registry> = OnceLock::new();

fn registry() -> PyResult<&'static Registry> {
    REGISTRY.get().ok_or_else(|| {
        PyRuntimeError::new_err("no card objects: kanasta._core.register_actions was not called")
    })
}

/// The package's 53 card objects by index: constants, shared by every game as the
/// package's own `Card` values are.
pub(super) fn card_objects() -> PyResult<Arc<[Py<PyAny>]>> {
    Ok(Arc::clone(&registry()?.cards))
}

/// `cards` (indices) as a tuple of the package's card objects `objects` ([`card_objects`]).
pub(super) fn card_tuple<'py>(
    py: Python<'py>,
    objects: &[Py<PyAny>],
    cards: &[Card],
) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().map(|&c| objects[usize::from(c)].bind(py)))
}

/// Register what the action classes need: `cards` the package's 53 card objects by index
/// (`kanasta.cards`), `error` its `ActionError` (raised for a field an action cannot
/// have).  Called by the package when it loads, before any action is made; a later call
/// changes nothing and answers False.
#[pyfunction]
pub(super) fn register_actions(cards: Vec<Py<PyAny>>, error: Py<PyType>) -> PyResult<bool> {
    if cards.len() != DISTINCT {
        return Err(PyValueError::new_err(format!(
            "register_actions needs the {DISTINCT} card objects by index, not {}",
            cards.len()
        )));
    }
    let index = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_ptr() as usize, i as Card))
        .collect();
    Ok(REGISTRY
        .set(Registry {
            cards: cards.into(),
            index,
            error,
        })
        .is_ok())
}

// ------------------------------------------------------------------ errors

/// The package's `ActionError` with `message`.
pub(super) fn action_error(py: Python<'_>, message: String) -> PyErr {
    match registry() {
        Ok(r) => r
            .error
            .bind(py)
            .call1((message,))
            .map_or_else(|e| e, PyErr::from_value),
        Err(e) => e,
    }
}

/// A number for a message, short even for a huge int (as the package's `_number`).
fn number(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(v) = value.extract::<i64>() {
        if -1_000_000_000_000 < v && v < 1_000_000_000_000 {
            return Ok(v.to_string());
        }
    }
    let negative = value.lt(0)?;
    let bits: u64 = value.call_method0("bit_length")?.extract()?;
    // len(hex(value)): a sign, "0x" and a digit per four bits
    let length = u64::from(negative) + 2 + bits.div_ceil(4).max(1);
    Ok(format!(
        "{}a number of {}-odd digits",
        if negative { "-" } else { "" },
        length * 6 / 5
    ))
}

/// A short description of a bad field value (never its whole repr: it may be huge or hostile).
pub(super) fn what(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_exact_instance_of::<PyInt>() {
        return number(value);
    }
    if value.is_instance_of::<PyBool>() {
        return Ok(if value.is_truthy()? { "True" } else { "False" }.to_string());
    }
    if value.is_none() {
        return Ok("None".to_string());
    }
    Ok(format!("a {}", value.get_type().name()?))
}

// ------------------------------------------------------------------ fields

/// `value` as a move's cards (any iterable of the package's cards, at most 108), their indices.
pub(super) fn cards_arg(value: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if value.is_instance_of::<PyString>() || value.is_instance_of::<PyBytes>() {
        return Err(action_error(
            value.py(),
            "cards must be Card values (use kanasta.parse_cards for text)".to_string(),
        ));
    }
    let not_iterable = |e: PyErr| -> PyResult<PyErr> {
        if e.is_instance_of::<PyTypeError>(value.py()) {
            Ok(action_error(
                value.py(),
                format!(
                    "cards must be an iterable of kanasta.Card values, not {}",
                    what(value)?
                ),
            ))
        } else {
            Ok(e)
        }
    };
    let items: Vec<Bound<'_, PyAny>> = match value.try_iter() {
        Ok(it) => match it.collect::<PyResult<Vec<_>>>() {
            Ok(items) => items,
            Err(e) => return Err(not_iterable(e)?),
        },
        Err(e) => return Err(not_iterable(e)?),
    };
    if items.len() > DECK_SIZE {
        return Err(action_error(
            value.py(),
            format!(
                "a move holds at most {DECK_SIZE} cards, not {}",
                items.len()
            ),
        ));
    }
    items
        .iter()
        .map(|card| card_index(card, "parse_cards"))
        .collect()
}

/// The index of `card`, one of the package's 53 card objects; else the `ActionError` that
/// names `parse` (the parser of text the caller may have meant).
fn card_index(card: &Bound<'_, PyAny>, parse: &str) -> PyResult<Card> {
    match registry()?.index.get(&(card.as_ptr() as usize)) {
        Some(&i) => Ok(i),
        None => Err(action_error(
            card.py(),
            format!(
                "expected a kanasta.Card, got {} (use kanasta.{parse} for text)",
                what(card)?
            ),
        )),
    }
}

/// Cards joining a set in canonical order: naturals, then wild cards, each by index.
pub(super) fn wilds_last(mut cards: Vec<Card>) -> Vec<Card> {
    sort_wilds_last(&mut cards);
    cards
}

/// A new meld's cards in stored order: a set's in canonical order, a run's as given.
pub(super) fn set_order(cards: Vec<Card>) -> Vec<Card> {
    if is_set(&cards) {
        wilds_last(cards)
    } else {
        cards
    }
}

/// `value` as a meld number (an int from 0 to 9999).
pub(super) fn index_arg(value: &Bound<'_, PyAny>) -> PyResult<u16> {
    if !value.is_exact_instance_of::<PyInt>() {
        return Err(action_error(
            value.py(),
            format!("a meld number must be an int, not {}", what(value)?),
        ));
    }
    match value.extract::<u16>() {
        Ok(v) if v <= MAX_MELD_INDEX => Ok(v),
        _ => Err(action_error(
            value.py(),
            format!(
                "a meld number must be from 0 to {MAX_MELD_INDEX}, not {}",
                number(value)?
            ),
        )),
    }
}

/// `value` as one of the package's cards.
pub(super) fn card_arg(value: &Bound<'_, PyAny>) -> PyResult<Card> {
    card_index(value, "parse_card")
}

/// `value` as True or False (nothing else).
pub(super) fn flag_arg(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    if value.is_exact_instance_of::<PyBool>() {
        return value.is_truthy();
    }
    Err(action_error(
        value.py(),
        format!("expected True or False, got {}", what(value)?),
    ))
}

// ------------------------------------------------------------------ the move an object holds

/// Each kind's class name and fields, in constructor order (by [`Verb`], in its order).
pub(super) const CLASSES: [(&str, &[&str]); 9] = [
    ("Draw", &[]),
    ("TakePile", &["cards", "meld"]),
    ("LayMeld", &["cards"]),
    ("AddToMeld", &["meld", "cards"]),
    ("ExtendRun", &["meld", "run"]),
    ("Discard", &["card"]),
    ("AskPartner", &[]),
    ("AnswerPartner", &["permit"]),
    ("Decline", &[]),
];

/// One move as an action object holds it: what the core reads (kind, cards' indices in
/// stored order, meld number, answer) and its cards as the package's objects.
pub(crate) struct Body {
    pub(super) verb: Verb,
    indices: Box<[Card]>,
    /// The cards as a tuple of the package's cards, made when first read (a game that only
    /// plays its moves never makes it).
    cards: PyOnceLock<Py<PyTuple>>,
    pub(super) meld: Option<u16>,
    pub(super) permit: bool,
    pub(super) hash: isize,
}

impl Body {
    pub(super) fn new(verb: Verb, indices: &[Card], meld: Option<u16>, permit: bool) -> Body {
        let mut h = FxHasher::default();
        (verb, indices, meld, permit).hash(&mut h);
        Body {
            verb,
            indices: indices.into(),
            cards: PyOnceLock::new(),
            meld,
            permit,
            // (never -1, which CPython reserves for an error)
            hash: (h.finish() >> 2) as isize,
        }
    }

    /// The body of the core's move `a` (valid, its cards in stored order).
    pub(super) fn of(a: &Action) -> Body {
        let n = a.notation();
        Body::new(n.verb, n.cards, n.meld, n.permit)
    }

    /// The move's parts as its text form reads them.
    pub(crate) fn notation(&self) -> Notation<'_> {
        Notation {
            verb: self.verb,
            cards: &self.indices,
            meld: self.meld,
            permit: self.permit,
        }
    }

    pub(super) fn same(&self, other: &Body) -> bool {
        self.verb == other.verb
            && self.meld == other.meld
            && self.permit == other.permit
            && self.indices == other.indices
    }

    /// The fields' values as Python objects, in constructor order.
    pub(super) fn values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        Ok(match self.verb {
            Verb::Draw | Verb::Ask | Verb::Decline => Vec::new(),
            Verb::Take => vec![self.cards(py)?.into_any(), self.meld.into_bound_py_any(py)?],
            Verb::Meld => vec![self.cards(py)?.into_any()],
            Verb::Add | Verb::Extend => {
                vec![self.meld.into_bound_py_any(py)?, self.cards(py)?.into_any()]
            }
            Verb::Discard => vec![self.card(py)?],
            Verb::Answer => vec![self.permit.into_bound_py_any(py)?],
        })
    }

    pub(super) fn card<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(registry()?.cards[usize::from(self.indices[0])]
            .bind(py)
            .clone())
    }

    /// The cards as the package's card objects (one tuple, made on the first read).
    pub(super) fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let made = self
            .cards
            .get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
                Ok(card_tuple(py, &registry()?.cards, &self.indices)?.unbind())
            })?;
        Ok(made.bind(py).clone())
    }

    /// `Name(field=value, ...)`, as attrs writes it.
    pub(super) fn repr(&self, py: Python<'_>) -> PyResult<String> {
        let (name, fields) = CLASSES[self.verb as usize];
        let mut out = format!("{name}(");
        for (i, (field, value)) in fields.iter().zip(self.values(py)?).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(field);
            out.push('=');
            out.push_str(&value.repr()?.to_cow()?);
        }
        out.push(')');
        Ok(out)
    }
}
