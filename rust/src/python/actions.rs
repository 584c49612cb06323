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
use std::sync::Arc;
use std::sync::Mutex;

/// The Python action objects of the moves met in this process, one per move,
/// made by the factory the package registers (`set_action_factory`): a
/// listing hands out the same objects every time, and `NativeState.play`
/// knows a move by its object.
pub(super) struct ActionTable {
    factory: Py<PyAny>,
    /// The package's card objects by index (`kanasta.Card`), handed to the factory.
    cards: Arc<[Py<PyAny>]>,
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

/// The package's 53 card objects by index (registered with the action factory).
pub(super) fn card_objects() -> PyResult<Arc<[Py<PyAny>]>> {
    table()
        .as_ref()
        .map(|t| Arc::clone(&t.cards))
        .ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "no card objects: kanasta._core.set_action_factory was not called",
            )
        })
}

/// The factory's arguments for a move: (kind, its card objects in stored order, meld number or the answer).
fn action_parts<'py>(
    py: Python<'py>,
    cards: &[Py<PyAny>],
    a: &action::Action,
) -> PyResult<(u8, Bound<'py, PyTuple>, Option<u16>)> {
    use action::Action as A;
    let (kind, held, meld): (u8, &[Card], Option<u16>) = match a {
        A::Draw => (0, &[], None),
        A::Take { cards, meld } => (1, cards.as_slice(), *meld),
        A::Meld { cards } => (2, cards.as_slice(), None),
        A::Add { meld, cards } => (3, cards.as_slice(), Some(*meld)),
        A::Extend { meld, run } => (4, run.as_slice(), Some(*meld)),
        A::Discard { card } => (5, std::slice::from_ref(card), None),
        A::Ask => (6, &[], None),
        A::Answer { permit } => (7, &[], Some(u16::from(*permit))),
        A::Decline => (8, &[], None),
    };
    let objects = PyTuple::new(py, held.iter().map(|&c| cards[usize::from(c)].bind(py)))?;
    Ok((kind, objects, meld))
}

/// The Python objects of `moves`, from the table (made by the factory the first time).
pub(super) fn action_objects<'py>(
    py: Python<'py>,
    moves: &[action::Action],
) -> PyResult<Bound<'py, PyTuple>> {
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(moves.len());
    let mut missing: Vec<usize> = Vec::new();
    let maker = {
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
            Some((t.factory.clone_ref(py), Arc::clone(&t.cards)))
        }
    };
    if let Some((factory, cards)) = maker {
        // the factory runs without the lock held (it is Python code)
        for i in missing {
            let made = factory
                .bind(py)
                .call1(action_parts(py, &cards, &moves[i])?)?;
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
/// out (kinds 0-8: draw, take, meld, add, extend, discard, ask, answer, decline; `cards` the
/// move's card objects, from `cards` by index, in stored order; `meld` the meld number, or 1/0
/// for an answer).  Set once, by the package, with its 53 card objects.
#[pyfunction]
pub(super) fn set_action_factory(factory: Py<PyAny>, cards: Vec<Py<PyAny>>) -> PyResult<()> {
    if cards.len() != DISTINCT {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "set_action_factory needs the {DISTINCT} card objects by index, not {}",
            cards.len()
        )));
    }
    let mut guard = table();
    *guard = Some(ActionTable {
        factory,
        cards: cards.into(),
        discards: std::array::from_fn(|_| None),
        objects: HashMap::default(),
    });
    Ok(())
}
