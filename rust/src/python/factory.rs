//! How the core makes the package's attrs objects: `object.__new__` of a class the
//! package registers, its slots filled through the slots' setters registered
//! with it, in the order of one of the named field tables both sides read
//! (`EVENT_FIELDS`, `VALUE_FIELDS`, `SEEN_FIELDS`), as the package's own hot
//! paths make its frozen objects.  One mechanism for the events, results, melds,
//! hidden events, views and states the core hands out (the action classes are the
//! core's own: `action_classes.rs`).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::position::Phase;

/// A table of fields: per kind, its class's name and the fields the core sets, in order.
pub(super) type FieldTable = [(&'static str, &'static [&'static str])];

/// Per kind of a [`FieldTable`], the class the package registered and its slots' setters.
pub(super) type Registered = Vec<(Py<PyAny>, Vec<Py<PyAny>>)>;

/// `object.__new__`.
pub(super) fn object_new(py: Python<'_>) -> PyResult<Py<PyAny>> {
    Ok(py
        .get_type::<pyo3::types::PyAny>()
        .getattr("__new__")?
        .unbind())
}

/// The classes of one field table with their slots' setters: how objects of each kind are made.
pub(super) struct Classes {
    new: Py<PyAny>,
    kinds: Registered,
}

impl Classes {
    /// `kinds` checked against `table` (a class per kind, a setter per field); `register` and
    /// `name` (the registering function and the table) are named in the error.
    pub(super) fn new(
        py: Python<'_>,
        kinds: Registered,
        table: &FieldTable,
        register: &str,
        name: &str,
    ) -> PyResult<Classes> {
        if kinds.len() != table.len()
            || kinds
                .iter()
                .zip(table)
                .any(|((_, setters), (_, names))| setters.len() != names.len())
        {
            return Err(PyValueError::new_err(format!(
                "{register} needs each class of {name} with a setter per field"
            )));
        }
        Ok(Classes {
            new: object_new(py)?,
            kinds,
        })
    }

    /// A new object of `kind`, its fields set to `values` in the table's order.
    pub(super) fn make<'py>(
        &self,
        py: Python<'py>,
        kind: usize,
        values: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.make_some(py, kind, values.into_iter().map(Some))
    }

    /// A new object of `kind`, its fields set to `values` in the table's order but those
    /// given None, left unset (a class the package made for it fills them when read).
    pub(super) fn make_some<'py>(
        &self,
        py: Python<'py>,
        kind: usize,
        values: impl IntoIterator<Item = Option<Bound<'py, PyAny>>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (class, setters) = &self.kinds[kind];
        let object = self.new.bind(py).call1((class.bind(py),))?;
        for (setter, value) in setters.iter().zip(values) {
            if let Some(value) = value {
                setter.bind(py).call1((&object, value))?;
            }
        }
        Ok(object)
    }
}

/// A factory the package registers when it loads: `what` it makes, registered by the
/// function `register` of `kanasta._core`.  Registering again replaces it.
pub(super) struct Factory<T> {
    slot: Mutex<Option<Arc<T>>>,
    what: &'static str,
    register: &'static str,
}

impl<T> Factory<T> {
    pub(super) const fn new(what: &'static str, register: &'static str) -> Factory<T> {
        Factory {
            slot: Mutex::new(None),
            what,
            register,
        }
    }

    pub(super) fn set(&self, made: T) {
        *lock(&self.slot) = Some(Arc::new(made));
    }

    /// The factory; RuntimeError when the package has not registered it.
    pub(super) fn get(&self) -> PyResult<Arc<T>> {
        lock(&self.slot).clone().ok_or_else(|| {
            PyRuntimeError::new_err(format!(
                "no {}: kanasta._core.{} was not called",
                self.what, self.register
            ))
        })
    }
}

/// The package's `kanasta.Phase` members, as registered in the order draw, play, answer, game over.
pub(super) struct Phases([Py<PyAny>; 4]);

impl Phases {
    pub(super) fn new(members: [Py<PyAny>; 4]) -> Phases {
        Phases(members)
    }

    /// The package's member of `phase`.
    pub(super) fn of<'py>(&self, py: Python<'py>, phase: Phase) -> &Bound<'py, PyAny> {
        let index = match phase {
            Phase::Draw => 0,
            Phase::Play => 1,
            Phase::Answer => 2,
            Phase::GameOver => 3,
        };
        self.0[index].bind(py)
    }
}

/// `m` locked (a poisoned lock's data is used as it is: every writer leaves it whole).
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
