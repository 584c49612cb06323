//! Bindings of the core's reinforcement-learning pieces (`crate::rl`) for
//! `kanasta.rl`: a seat's observation tensor written into a caller's
//! float32 buffer (a NumPy array, through the buffer protocol: one copy of
//! the block, no Python float per element), and the tree of decisions of a
//! native state's legal moves (`NativeDecisions`).

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::state::PyNativeState;
use crate::legality::SEARCH_BUDGET;
use crate::rl::actions::{Decisions, IdSet, Step, NUM_ACTIONS};
use crate::rl::observation;
use crate::view::memory::Memory;
use crate::view::seen::SeatView;

/// Copy `data` into the writable, C-contiguous buffer `out` of exactly its length.
pub(super) fn fill<T: pyo3::buffer::Element>(
    py: Python<'_>,
    out: &PyBuffer<T>,
    data: &[T],
    what: &str,
) -> PyResult<()> {
    if out.readonly() || !out.is_c_contiguous() || out.item_count() != data.len() {
        return Err(PyValueError::new_err(format!(
            "{what}: need a writable C-contiguous buffer of {} items, got {} items{}",
            data.len(),
            out.item_count(),
            if out.readonly() { " (read-only)" } else { "" }
        )));
    }
    out.copy_from_slice(py, data)
}

/// The flags of `ids` as one int8 per id.
pub(super) fn mask_of(ids: IdSet, out: &mut [i8]) {
    for (i, slot) in out.iter_mut().enumerate().take(NUM_ACTIONS) {
        *slot = i8::from(ids.contains(i as u8));
    }
}

/// Action ids as the package passes them: read from a tuple of ints item by item (the
/// generic sequence reading walks an iterator; the adapters pass a tuple for every id
/// chosen), from any other sequence of ints as before.
pub(super) struct Ids(Vec<u8>);

impl<'a, 'py> FromPyObject<'a, 'py> for Ids {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(items) = obj.cast_exact::<PyTuple>() {
            return items
                .iter()
                .map(|id| id.extract::<u8>())
                .collect::<PyResult<Vec<u8>>>()
                .map(Ids);
        }
        obj.extract::<Vec<u8>>().map(Ids)
    }
}

fn pending_ids(pending: &[u8]) -> PyResult<&[u8]> {
    match pending.iter().find(|&&i| usize::from(i) >= NUM_ACTIONS) {
        Some(bad) => Err(PyValueError::new_err(format!("not an action id: {bad}"))),
        None => Ok(pending),
    }
}

/// `seat`'s observation tensor of `state`, `pending` the ids the seat chose so far in
/// the move; with `memory` the memory blocks too, from the state's line of play
/// (ValueError when its history was made without the core's links): handed to `use`,
/// written in this thread's scratch buffer (a tensor is a few thousand bytes: a new
/// zeroed block per tensor cost more than writing it).
fn encoded<R>(
    state: &PyNativeState,
    seat: usize,
    pending: &[u8],
    memory: bool,
    use_data: impl FnOnce(&[f32]) -> R,
) -> PyResult<R> {
    let s = &state.inner;
    let view = SeatView::new(s, seat).ok_or_else(|| {
        PyValueError::new_err(format!(
            "seat must be from 0 to {}, not {seat}",
            s.rules.players - 1
        ))
    })?;
    let pending = pending_ids(pending)?;
    let remembered = if memory {
        let line = state.line_lock();
        if !line.is_whole() {
            return Err(PyValueError::new_err(
                "the state's history was made without the core's links",
            ));
        }
        let moves = line.links().map(|l| (l.seat(), l.action(), l.events()));
        Some(Memory::of_moves(&s.rules, moves))
    } else {
        None
    };
    let size = observation::size(s.rules.players, s.rules.teams(), memory);
    let write = |data: &mut Vec<f32>| {
        data.resize(size, 0.0); // (encode zeroes it first)
        observation::encode(&view, pending, remembered.as_ref(), data);
        use_data(data)
    };
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut data) => Ok(write(&mut data)),
        Err(_) => Ok(write(&mut Vec::new())), // (in use further up this thread's stack)
    })
}

thread_local! {
    /// The buffer `encoded` writes a tensor in, reused.
    static SCRATCH: std::cell::RefCell<Vec<f32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Write `seat`'s observation tensor of `state` into `out` (a float32 buffer of
/// `observation_size` items), `pending` the ids the seat chose so far in the move;
/// `memory`: with the memory blocks.
#[pyfunction]
#[pyo3(signature = (state, seat, pending, out, *, memory = false))]
pub(super) fn observation_into(
    py: Python<'_>,
    state: &PyNativeState,
    seat: usize,
    pending: Ids,
    out: PyBuffer<f32>,
    memory: bool,
) -> PyResult<()> {
    encoded(state, seat, &pending.0, memory, |data| {
        fill(py, &out, data, "observation")
    })?
}

/// `seat`'s observation tensor of `state` as a new float32 NumPy array (what
/// `observation_into` writes), `pending` the ids the seat chose so far in the move;
/// `memory`: with the memory blocks.
#[pyfunction]
#[pyo3(name = "observation", signature = (state, seat, pending, *, memory = false))]
pub(super) fn observation_array<'py>(
    py: Python<'py>,
    state: &PyNativeState,
    seat: usize,
    pending: Ids,
    memory: bool,
) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
    encoded(state, seat, &pending.0, memory, |data| {
        numpy::PyArray1::from_slice(py, data)
    })
}

/// The blocks of the observation tensor for `players` seats in `teams` teams, with the
/// memory blocks or not: `(name, offset, size)`.
#[pyfunction]
#[pyo3(signature = (players, teams, *, memory = false))]
pub(super) fn observation_layout(
    players: usize,
    teams: usize,
    memory: bool,
) -> Vec<(String, usize, usize)> {
    observation::blocks(players, teams, memory)
}

/// The legal moves of a native state as a tree of decisions over the 100
/// action ids (the Python `kanasta.rl.actions.Decisions` of the same moves).
#[pyclass(frozen, module = "kanasta._core", name = "NativeDecisions")]
pub(crate) struct PyNativeDecisions {
    tree: Decisions,
}

#[pymethods]
impl PyNativeDecisions {
    /// The tree of `state`'s legal moves (listed within `budget` search nodes, and kept by the state).
    #[new]
    #[pyo3(signature = (state, *, budget = SEARCH_BUDGET))]
    fn new(state: &PyNativeState, budget: u64) -> PyResult<Self> {
        Ok(PyNativeDecisions {
            tree: Decisions::new(state.listing(budget)?),
        })
    }

    /// The ids that may follow `prefix`, ascending (empty when it starts no legal move, as a
    /// prefix holding an id out of the action space does).
    fn legal_ids(&self, prefix: Ids) -> Vec<u16> {
        // (u16, not u8: a list of ints, where PyO3 makes bytes of a Vec<u8>)
        self.tree
            .next_ids(&prefix.0)
            .iter()
            .map(u16::from)
            .collect()
    }

    /// Write the flags of the ids that may follow `prefix` into `out` (an int8 buffer of 100 items).
    fn mask_into(&self, py: Python<'_>, prefix: Ids, out: PyBuffer<i8>) -> PyResult<()> {
        let mut data = [0i8; NUM_ACTIONS];
        mask_of(self.tree.next_ids(&prefix.0), &mut data);
        fill(py, &out, &data, "mask")
    }

    /// Choose `action_id` after `prefix`: the number of the move in the state's
    /// listing when the longer prefix spells one, -1 when it only starts one,
    /// -2 when the id continues no legal move.
    fn step(&self, prefix: Ids, action_id: u8) -> i64 {
        match self.tree.step(&prefix.0, action_id) {
            Some(Step::Move(i)) => i as i64,
            Some(Step::Prefix) => -1,
            None => -2,
        }
    }

    /// The listing numbers of the moves in the order of their id sequences.
    fn order(&self) -> Vec<usize> {
        self.tree.order().collect()
    }

    fn __len__(&self) -> usize {
        self.tree.len()
    }
}
