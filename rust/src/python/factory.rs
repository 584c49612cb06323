//! How the core makes the package's objects: `object.__new__` of a class the
//! package registers, its slots filled through the slots' setters registered
//! with it, in the order of one of the named field tables both sides read
//! (`ACTION_FIELDS`, `EVENT_FIELDS`, `SEEN_FIELDS`), as the package's own hot
//! paths make its frozen objects.  One mechanism for the actions, events,
//! hidden events, views and states the core hands out.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::legality::solver::budget::FxHasher;
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
    /// Per kind, its fields' names (interned): how an object's fields are read back ([`Classes::holds`]).
    names: Vec<Vec<Py<PyString>>>,
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
        let names = table
            .iter()
            .map(|(_, fields)| {
                fields
                    .iter()
                    .map(|f| PyString::intern(py, f).unbind())
                    .collect()
            })
            .collect();
        Ok(Classes {
            new: object_new(py)?,
            kinds,
            names,
        })
    }

    /// What the package registered for `kind`, and whether the kind has fields to set.
    pub(super) fn registered<'py>(
        &self,
        py: Python<'py>,
        kind: usize,
    ) -> (Bound<'py, PyAny>, bool) {
        let (class, setters) = &self.kinds[kind];
        (class.bind(py).clone(), !setters.is_empty())
    }

    /// A new object of `kind`, its fields set to `values` in the table's order.
    pub(super) fn make<'py>(
        &self,
        py: Python<'py>,
        kind: usize,
        values: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (class, setters) = &self.kinds[kind];
        let object = self.new.bind(py).call1((class.bind(py),))?;
        for (setter, value) in setters.iter().zip(values) {
            setter.bind(py).call1((&object, value))?;
        }
        Ok(object)
    }
}

impl Classes {
    /// Whether `object` is an object of `kind` (its class exactly) whose fields hold `values`,
    /// as [`Classes::make`] would set them: the same objects, or ints and tuples of the same
    /// values (see [`same`]).  How an object made before is checked before it is handed out
    /// again ([`Recycler`]): a caller may have changed its fields with `object.__setattr__`.
    pub(super) fn holds<'py>(
        &self,
        py: Python<'py>,
        kind: usize,
        object: &Bound<'py, PyAny>,
        values: &[Bound<'py, PyAny>],
    ) -> bool {
        let (class, _) = &self.kinds[kind];
        object.get_type().is(class.bind(py))
            && self.names[kind].len() == values.len()
            && self.names[kind].iter().zip(values).all(|(name, value)| {
                object
                    .getattr(name.bind(py))
                    .is_ok_and(|held| same(&held, value))
            })
    }
}

/// Whether a field holding `held` holds what the core would set, `want`: the same object, an
/// int of the same value (both exactly ints), or a tuple (exactly) of such items.
fn same(held: &Bound<'_, PyAny>, want: &Bound<'_, PyAny>) -> bool {
    if held.is(want) {
        return true;
    }
    if held.is_exact_instance_of::<PyInt>() && want.is_exact_instance_of::<PyInt>() {
        return matches!(
            (held.extract::<i64>(), want.extract::<i64>()),
            (Ok(a), Ok(b)) if a == b
        );
    }
    match (held.cast_exact::<PyTuple>(), want.cast_exact::<PyTuple>()) {
        (Ok(a), Ok(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| same(&x, &y)),
        _ => false,
    }
}

/// The objects of ended games that no one holds any more, by the value each was made for
/// (a move, an event), for a later game to take instead of making a new one.
///
/// Each game has its own objects (a caller who changes one with `object.__setattr__`
/// changes no other game's), and they stay its own while it is played.  When the last
/// state of a game is gone, its objects that nothing else references (a reference count
/// of one: the game's table's) are given here ([`Recycler::give`]); a game that needs an
/// object for the same value takes it ([`Recycler::take`]) and checks its fields
/// ([`Classes::holds`]) before handing it out, as if new.  An object held by anyone (a
/// caller, a record, another game) is never given; one whose fields were changed is
/// dropped.  Up to `limit` objects are kept; past it, they are freed as before.
pub(super) struct Recycler<K> {
    kept: Mutex<Option<Kept<K>>>,
    limit: usize,
}

type Kept<K> = HashMap<K, Py<PyAny>, BuildHasherDefault<FxHasher>>;

impl<K: Eq + Hash> Recycler<K> {
    pub(super) const fn new(limit: usize) -> Recycler<K> {
        Recycler {
            kept: Mutex::new(None),
            limit,
        }
    }

    /// Drop every object kept (their classes are registered again: see `set_action_factory`).
    pub(super) fn clear(&self) {
        let kept = lock(&self.kept).take();
        drop(kept);
    }

    /// The object kept for `key`, taken out (unchecked: see [`Classes::holds`]).
    pub(super) fn take(&self, key: &K) -> Option<Py<PyAny>> {
        lock(&self.kept).as_mut()?.remove(key)
    }

    /// Keep the objects of `made` that nothing else references, by their values (the rest are
    /// dropped, after the lock is released: freeing an object may run Python code).
    pub(super) fn give(&self, py: Python<'_>, made: impl IntoIterator<Item = (K, Py<PyAny>)>) {
        let mut spare: Vec<Py<PyAny>> = Vec::new();
        {
            let mut kept = lock(&self.kept);
            let kept = kept.get_or_insert_with(HashMap::default);
            for (key, object) in made {
                if kept.len() < self.limit && object.get_refcnt(py) == 1 {
                    if let Some(old) = kept.insert(key, object) {
                        spare.push(old);
                    }
                } else {
                    spare.push(object);
                }
            }
        }
        drop(spare);
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
