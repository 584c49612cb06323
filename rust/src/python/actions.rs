//! The Python action objects of the native listing (the Python engine's
//! `kanasta.actions`, made by `_native._make_action`): one object per move for
//! the whole process, kept in a table the package fills through
//! `set_action_factory`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::action;
use crate::cards::{Card, DISTINCT};
use crate::legal::solver::budget::FxHasher;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Mutex;

/// The Python action objects of the moves met in this process, one per move,
/// made by the factory the package registers (`set_action_factory`): a
/// listing hands out the same objects every time, and `NativeState.play`
/// knows a move by its object.
pub(super) struct ActionTable {
    factory: Py<PyAny>,
    /// The discards' objects by card: most moves listed are discards, found without hashing.
    discards: [Option<Py<PyAny>>; DISTINCT],
    /// Every other move's object.
    objects: HashMap<action::Action, Py<PyAny>, BuildHasherDefault<FxHasher>>,
}

impl ActionTable {
    /// The object of `m`, when made.
    fn get(&self, m: &action::Action) -> Option<&Py<PyAny>> {
        match *m {
            action::Action::Discard { card } => self.discards[usize::from(card)].as_ref(),
            _ => self.objects.get(m),
        }
    }

    /// Keep `object` as the object of `m` (past [`TABLE_LIMIT`] moves, only a discard's is kept).
    fn keep(&mut self, m: action::Action, object: Py<PyAny>) {
        match m {
            action::Action::Discard { card } => self.discards[usize::from(card)] = Some(object),
            _ if self.objects.len() < TABLE_LIMIT => {
                self.objects.insert(m, object);
            }
            _ => {}
        }
    }
}

/// The most moves the table keeps; past it, a listing makes new objects that are not kept.
const TABLE_LIMIT: usize = 1 << 20;

static TABLE: Mutex<Option<ActionTable>> = Mutex::new(None);

pub(super) fn table() -> std::sync::MutexGuard<'static, Option<ActionTable>> {
    TABLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The factory's arguments for a move: (kind, cards, meld number or the answer).
pub(super) fn action_parts(a: &action::Action) -> (u8, Vec<Card>, Option<u16>) {
    use action::Action as A;
    match *a {
        A::Draw => (0, vec![], None),
        A::Take { cards, meld } => (1, cards.as_slice().to_vec(), meld),
        A::Meld { cards } => (2, cards.as_slice().to_vec(), None),
        A::Add { meld, cards } => (3, cards.as_slice().to_vec(), Some(meld)),
        A::Extend { meld, run } => (4, run.as_slice().to_vec(), Some(meld)),
        A::Discard { card } => (5, vec![card], None),
        A::Ask => (6, vec![], None),
        A::Answer { permit } => (7, vec![], Some(u16::from(permit))),
        A::Decline => (8, vec![], None),
    }
}

/// The Python objects of `moves`, from the table (made by the factory the first time).
pub(super) fn action_objects<'py>(
    py: Python<'py>,
    moves: &[action::Action],
) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut missing: Vec<usize> = Vec::new();
    let factory = {
        let guard = table();
        let Some(t) = guard.as_ref() else {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "no action factory: kanasta._core.set_action_factory was not called",
            ));
        };
        for (i, m) in moves.iter().enumerate() {
            match t.get(m) {
                Some(obj) => out.push(obj.bind(py).clone()),
                None => {
                    missing.push(i);
                    out.push(py.None().into_bound(py));
                }
            }
        }
        if missing.is_empty() {
            None
        } else {
            Some(t.factory.clone_ref(py))
        }
    };
    if let Some(factory) = factory {
        // the factory runs without the lock held (it is Python code)
        for i in missing {
            let made = factory.bind(py).call1(action_parts(&moves[i]))?;
            let mut guard = table();
            if let Some(t) = guard.as_mut() {
                out[i] = match t.get(&moves[i]) {
                    Some(obj) => obj.bind(py).clone(),
                    None => {
                        t.keep(moves[i], made.clone().unbind());
                        made
                    }
                };
            }
        }
    }
    PyTuple::new(py, out)
}

/// Make `factory(kind, cards, meld)` the maker of the action objects the native listing hands
/// out (kinds 0-8: draw, take, meld, add, extend, discard, ask, answer, decline; cards as
/// indices in stored order; `meld` the meld number, or 1/0 for an answer).  Set once, by the package.
#[pyfunction]
pub(super) fn set_action_factory(factory: Py<PyAny>) {
    let mut guard = table();
    *guard = Some(ActionTable {
        factory,
        discards: std::array::from_fn(|_| None),
        objects: HashMap::default(),
    });
}
