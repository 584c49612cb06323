//! Meld reading for `kanasta._core` (the Python engine's `kanasta.melds`):
//! the `MeldRules` class that reads a set, a run or any meld from card
//! indices, and the `Meld` it returns.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::convert::cards_tuple;
use crate::cards::{self, Card};
use crate::melds::{self, MeldKind, MeldRules, Problem};

/// A legal meld read by [`PyMeldRules`]: the fields of `kanasta.Meld`, cards as indices.
#[pyclass(frozen, module = "kanasta._core._testing", name = "Meld")]
pub(super) struct PyMeld {
    inner: melds::Meld,
}

#[pymethods]
impl PyMeld {
    /// "set" or "run".
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner.kind {
            MeldKind::Set => "set",
            MeldKind::Run => "run",
        }
    }

    /// The cards in the meld's canonical order.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        cards_tuple(py, &self.inner.cards)
    }

    /// A set's rank 1-13, else None.
    #[getter]
    fn rank(&self) -> Option<u8> {
        self.inner.rank
    }

    /// A run's suit 0-3, else None.
    #[getter]
    fn suit(&self) -> Option<u8> {
        self.inner.suit
    }

    /// A run's first position (1-14); 0 for a set.
    #[getter]
    fn low(&self) -> u8 {
        self.inner.low
    }

    /// The place of a run's wild card, else None.
    #[getter]
    fn wild_index(&self) -> Option<usize> {
        self.inner.wild_index
    }
}

/// The rules that checking a meld depends on (fields of `kanasta.Rules`).
#[pyclass(frozen, module = "kanasta._core._testing", name = "MeldRules")]
pub(super) struct PyMeldRules {
    inner: MeldRules,
}

pub(super) fn check_cards(cards: &[Card]) -> PyResult<()> {
    match cards.iter().find(|&&c| usize::from(c) >= cards::DISTINCT) {
        Some(c) => Err(PyValueError::new_err(format!(
            "a card index is 0-52, not {c}"
        ))),
        None => Ok(()),
    }
}

/// Check the card indices, read them with `read`: the meld, or (rule ID, message).
pub(super) fn verdict(
    py: Python<'_>,
    cards: &[Card],
    read: impl FnOnce(&[Card]) -> Result<melds::Meld, Problem>,
) -> PyResult<Py<PyAny>> {
    check_cards(cards)?;
    match read(cards) {
        Ok(meld) => Ok(Py::new(py, PyMeld { inner: meld })?.into_any()),
        Err(p) => Ok((p.rule, p.message).into_pyobject(py)?.into_any().unbind()),
    }
}

#[pymethods]
impl PyMeldRules {
    #[new]
    #[pyo3(signature = (*, runs, max_wilds, wilds_within_naturals, max_meld_size, black_threes))]
    fn new(
        runs: bool,
        max_wilds: usize,
        wilds_within_naturals: bool,
        max_meld_size: Option<usize>,
        black_threes: bool,
    ) -> Self {
        PyMeldRules {
            inner: MeldRules {
                runs,
                max_wilds,
                wilds_within_naturals,
                max_meld_size,
                black_threes,
            },
        }
    }

    /// `cards` as a new set or run: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, black_threes_ok = false))]
    fn read_meld(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        black_threes_ok: bool,
    ) -> PyResult<Py<PyAny>> {
        verdict(py, &cards, |c| {
            melds::read_meld(c, &self.inner, black_threes_ok)
        })
    }

    /// `cards` as a set: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, black_threes_ok = false))]
    fn read_set(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        black_threes_ok: bool,
    ) -> PyResult<Py<PyAny>> {
        verdict(py, &cards, |c| {
            melds::read_set(c, &self.inner, black_threes_ok)
        })
    }

    /// `cards` (low to high) as a run, `wild_card` the run's old wild: the meld, or (rule ID, message).
    #[pyo3(signature = (cards, *, wild_card = None))]
    fn read_run(
        &self,
        py: Python<'_>,
        cards: Vec<Card>,
        wild_card: Option<Card>,
    ) -> PyResult<Py<PyAny>> {
        check_cards(wild_card.as_slice())?;
        verdict(py, &cards, |c| melds::read_run(c, &self.inner, wild_card))
    }
}
