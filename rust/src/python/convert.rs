//! The plain forms values cross the boundary in, which the package turns into
//! its objects: cards as their index (a tuple of ints for a list of cards), the
//! turn as a tuple of plain values.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::cards::Card;
use crate::position::{Drew, Turn};

/// Cards as a tuple of their indices.
pub(super) fn cards_tuple<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().copied())
}

/// Lists of cards as a tuple of tuples of their indices.
pub(super) fn nested_tuple<'py>(
    py: Python<'py>,
    groups: &[Vec<Card>],
) -> PyResult<Bound<'py, PyTuple>> {
    let items = groups
        .iter()
        .map(|g| cards_tuple(py, g))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

/// A value as a Python object.
pub(super) fn any<'py, T: IntoPyObjectExt<'py>>(
    py: Python<'py>,
    value: T,
) -> PyResult<Bound<'py, PyAny>> {
    value.into_bound_py_any(py)
}

/// A tuple of the items made by `f`.
pub(super) fn tuple_of<'py, T>(
    py: Python<'py>,
    items: impl IntoIterator<Item = T>,
    f: impl Fn(T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let items = items.into_iter().map(f).collect::<PyResult<Vec<_>>>()?;
    Ok(PyTuple::new(py, items)?.into_any())
}

pub(super) fn turn_raw<'py>(py: Python<'py>, t: &Turn) -> PyResult<Bound<'py, PyAny>> {
    let drew = t.drew.map(|d| match d {
        Drew::Stock => "stock",
        Drew::Pile => "pile",
    });
    let items = [
        any(py, drew)?,
        any(py, t.count_halves)?,
        any(py, t.laid)?,
        cards_tuple(py, &t.aside)?.into_any(),
        any(py, t.forbidden)?,
        any(py, t.asked)?,
        any(py, t.answer)?,
        any(py, t.melded)?,
        any(py, t.must_go_out)?,
        any(py, t.first_meld)?,
        any(py, t.own_from)?,
        any(py, t.added_to_old)?,
        any(py, t.last_stock)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}
