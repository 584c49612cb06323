//! The plain forms values cross the boundary in, which the package turns into
//! its objects: cards as their index (a tuple of ints for a list of cards), a
//! meld, the turn, a team's score and a hand result as tuples of plain values.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;

use crate::cards::Card;
use crate::position::{Drew, HandResult, TableMeld, TeamScore, Turn};

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

/// A meld as `(kind 0 set / 1 run, cards, rank or None, suit or None, low, wild index or None)`.
pub(super) fn meld_raw<'py>(py: Python<'py>, m: &TableMeld) -> PyResult<Bound<'py, PyAny>> {
    let kind: u8 = match m {
        TableMeld::Set { .. } => 0,
        TableMeld::Run { .. } => 1,
    };
    let wild = match m {
        TableMeld::Run { wild, .. } => wild.map(|(i, _)| i),
        TableMeld::Set { .. } => None,
    };
    let cards = cards_tuple(py, m.cards().as_slice())?;
    any(py, (kind, cards, m.rank(), m.suit(), m.low(), wild))
}

pub(super) fn melds_raw<'py, 'a>(
    py: Python<'py>,
    teams: impl IntoIterator<Item = &'a [TableMeld]>,
) -> PyResult<Bound<'py, PyAny>> {
    tuple_of(py, teams, |team| tuple_of(py, team, |m| meld_raw(py, m)))
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

pub(super) fn team_raw<'py>(py: Python<'py>, t: &TeamScore) -> PyResult<Bound<'py, PyAny>> {
    let canastas = tuple_of(py, &t.canastas, |c| {
        any(
            py,
            (c.meld, c.kind.name(), c.base, c.trump_doubled, c.bonus),
        )
    })?;
    let items = [
        any(py, t.team)?,
        any(py, t.packets)?,
        any(py, t.packet_points)?,
        any(py, t.meld_points_halves)?,
        canastas,
        any(py, t.canasta_points)?,
        any(py, t.red_threes)?,
        any(py, t.red_three_points)?,
        any(py, t.going_out_points)?,
        any(py, t.hand_points_halves)?,
        any(py, t.raw_total_halves)?,
        any(py, t.total)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}

pub(super) fn result_raw<'py>(py: Python<'py>, r: &HandResult) -> PyResult<Bound<'py, PyAny>> {
    let items = [
        any(py, r.hand_number)?,
        any(py, r.dealer)?,
        any(py, r.ended_by.name())?,
        any(py, r.went_out)?,
        any(py, r.concealed)?,
        tuple_of(py, &r.teams, |t| team_raw(py, t))?,
        PyTuple::new(py, &r.scores)?.into_any(),
        melds_raw(py, r.melds.iter().map(Vec::as_slice))?,
        nested_tuple(py, &r.hands)?.into_any(),
        nested_tuple(py, &r.red_threes)?.into_any(),
        any(py, r.trump)?,
    ];
    Ok(PyTuple::new(py, items)?.into_any())
}
