//! The Python action objects of the native listing (the Python engine's
//! `kanasta.actions`): made by the core from the classes and slot setters the
//! package registers (`set_action_factory`), and kept per game ([`ActionTable`],
//! held by the game's [`Game`](super::objects::Game)), so that no object handed
//! to one game is reachable from another.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::actions;
use crate::cards::{Card, DISTINCT};
use crate::legality::solver::budget::FxHasher;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Mutex};

use super::factory::{lock, Classes, Factory, Registered};

/// The action classes by kind (the kinds of `explain_parts`: draw, take, meld, add,
/// extend, discard, ask, answer, decline), each with the fields the core sets, in the
/// order it sets them: the one named table both sides read (the package registers each
/// class's slot setters by these names, and checks them against the class).  A class
/// with no fields is handed out as the package's one object of it.
pub(super) const ACTION_FIELDS: [(&str, &[&str]); 9] = [
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

/// How the package's action objects are made: per kind (in [`ACTION_FIELDS`]' order) the
/// class and its slots' setters (or, for a class with no fields, its one object and no
/// setters), and the package's 53 card objects by index.
struct Makers {
    classes: Classes,
    cards: Arc<[Py<PyAny>]>,
}

static MAKERS: Factory<Makers> = Factory::new("action factory", "set_action_factory");

/// The package's 53 card objects by index (registered with the action factory): constants,
/// shared by every game as the package's own `Card` values are.
pub(super) fn card_objects() -> PyResult<Arc<[Py<PyAny>]>> {
    Ok(Arc::clone(&MAKERS.get()?.cards))
}

/// The action objects of one game's moves, one per move (for the listings, or for the
/// histories: two tables, so that no object a listing handed out is one a history keeps).
#[derive(Default)]
pub(crate) struct ActionTable {
    /// The discards' objects by card: most moves listed are discards, found without hashing.
    discards: Vec<Option<Py<PyAny>>>,
    /// Every other move's object.
    objects: HashMap<actions::Action, Py<PyAny>, BuildHasherDefault<FxHasher>>,
}

/// The most moves a table keeps; past it, new objects are made and not kept.
const TABLE_LIMIT: usize = 1 << 16;

impl ActionTable {
    /// The object of `m`, when made.
    fn get(&self, m: &actions::Action) -> Option<&Py<PyAny>> {
        match *m {
            actions::Action::Discard { card } => self
                .discards
                .get(usize::from(card))
                .and_then(Option::as_ref),
            _ => self.objects.get(m),
        }
    }

    /// Keep `object` as the object of `m` (past [`TABLE_LIMIT`] moves, only a discard's is kept).
    fn keep(&mut self, m: actions::Action, object: Py<PyAny>) {
        match m {
            actions::Action::Discard { card } => {
                if self.discards.is_empty() {
                    self.discards.resize_with(DISTINCT, || None);
                }
                self.discards[usize::from(card)] = Some(object);
            }
            _ if self.objects.len() < TABLE_LIMIT => {
                self.objects.insert(m, object);
            }
            _ => {}
        }
    }
}

/// A new object of the move `a` (`object.__new__` of its class, its slots set directly,
/// as the package's own hot paths make them; the core's moves are valid and in stored order).
fn make<'py>(py: Python<'py>, makers: &Makers, a: &actions::Action) -> PyResult<Bound<'py, PyAny>> {
    use actions::Action as A;
    let cards = |held: &[Card]| -> PyResult<Bound<'py, PyAny>> {
        Ok(PyTuple::new(
            py,
            held.iter().map(|&c| makers.cards[usize::from(c)].bind(py)),
        )?
        .into_any())
    };
    let meld = |m: &Option<u16>| m.into_bound_py_any(py);
    let (kind, values): (usize, Vec<Bound<'py, PyAny>>) = match a {
        A::Draw => (0, Vec::new()),
        A::Take {
            cards: held,
            meld: m,
        } => (1, vec![cards(held.as_slice())?, meld(m)?]),
        A::Meld { cards: held } => (2, vec![cards(held.as_slice())?]),
        A::Add {
            meld: m,
            cards: held,
        } => (3, vec![m.into_bound_py_any(py)?, cards(held.as_slice())?]),
        A::Extend { meld: m, run } => (4, vec![m.into_bound_py_any(py)?, cards(run.as_slice())?]),
        A::Discard { card } => (5, vec![makers.cards[usize::from(*card)].bind(py).clone()]),
        A::Ask => (6, Vec::new()),
        A::Answer { permit } => (7, vec![permit.into_bound_py_any(py)?]),
        A::Decline => (8, Vec::new()),
    };
    match makers.classes.registered(py, kind) {
        (one, false) => Ok(one),
        _ => makers.classes.make(py, kind, values),
    }
}

/// The Python objects of `moves`, from `table` (made the first time a move is met in it).
pub(super) fn action_objects<'py>(
    py: Python<'py>,
    table: &Mutex<ActionTable>,
    moves: &[actions::Action],
) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut missing: Vec<usize> = Vec::new();
    {
        let t = lock(table);
        for (i, m) in moves.iter().enumerate() {
            match t.get(m) {
                Some(obj) => out.push(obj.bind(py).clone()),
                None => {
                    missing.push(i);
                    out.push(py.None().into_bound(py));
                }
            }
        }
    }
    if !missing.is_empty() {
        let makers = MAKERS.get()?;
        // made without the lock held (setting a slot may run Python code)
        for i in missing {
            let made = make(py, &makers, &moves[i])?;
            let mut t = lock(table);
            out[i] = match t.get(&moves[i]) {
                Some(obj) => obj.bind(py).clone(),
                None => {
                    t.keep(moves[i], made.clone().unbind());
                    made
                }
            };
        }
    }
    PyTuple::new(py, out)
}

/// Register how the action objects the native core hands out are made: `kinds` the action
/// classes in `ACTION_FIELDS`' order, each `(class, setters)` with its slots' setters in
/// the order of its fields there (an object is `object.__new__(class)` filled through
/// them), or, for a class with no fields, `(its one object, [])`; `cards` the package's
/// 53 card objects by index.  Set by the package when it loads.  Each game keeps the
/// objects made for it: no object handed to one game is reachable from another.
#[pyfunction]
pub(super) fn set_action_factory(
    py: Python<'_>,
    kinds: Registered,
    cards: Vec<Py<PyAny>>,
) -> PyResult<()> {
    if cards.len() != DISTINCT {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "set_action_factory needs the {DISTINCT} card objects by index, not {}",
            cards.len()
        )));
    }
    let classes = Classes::new(
        py,
        kinds,
        &ACTION_FIELDS,
        "set_action_factory",
        "ACTION_FIELDS",
    )?;
    MAKERS.set(Makers {
        classes,
        cards: cards.into(),
    });
    Ok(())
}
