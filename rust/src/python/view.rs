//! The `NativeView` class of `kanasta._core`: what one seat may see of a
//! `NativeState` (RULES E-4), behind the Python `kanasta.PlayerView` of a
//! native state.  It holds the state and the seat, and hands out only what
//! the seat may see, read through [`SeatView`]: its fields as plain values,
//! its history with the events hidden per seat, its view document as JSON
//! text (`crate::view`).  Nothing of the state itself is reachable from it.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::cards_tuple;
use super::position::{any, melds_raw, result_raw, tuple_of, turn_raw};
use super::state::PyNativeState;
use crate::legal::SEARCH_BUDGET;
use crate::rl::seat::SeatView;
use crate::state::{Phase, State};
use crate::view::{json, seen_events_value, step_text, view_json};

/// One seat's view of a native state.
#[pyclass(frozen, module = "kanasta._core", name = "NativeView")]
pub(crate) struct PyNativeView {
    state: Py<PyNativeState>,
    seat: usize,
}

impl PyNativeView {
    fn seat_view<'s>(&self, state: &'s State) -> SeatView<'s> {
        SeatView::new(state, self.seat).expect("the seat was checked when the view was made")
    }

    /// Whether the seat is the one to move (and so has legal moves).
    fn moves(state: &State, seat: usize) -> bool {
        state.phase != Phase::GameOver && state.player == seat
    }
}

/// `seat`'s view of `state` and the seat's legal moves (the state's listing,
/// the same tuple of action objects, when the seat is to move; else an empty
/// tuple): what `kanasta.State.view` makes a native view of.  None when
/// `seat` is not one of the game's seats, or when the state's history was
/// made without the core's links (the core could not write the view's history).
#[pyfunction]
pub(crate) fn native_view<'py>(
    state: Bound<'py, PyNativeState>,
    seat: usize,
) -> PyResult<Option<(PyNativeView, Bound<'py, PyTuple>)>> {
    let py = state.py();
    let native = state.get();
    if seat >= native.inner.rules.players || !native.line_lock().is_whole() {
        return Ok(None);
    }
    let legal = if PyNativeView::moves(&native.inner, seat) {
        native.objects(py, SEARCH_BUDGET)?.bind(py).clone()
    } else {
        PyTuple::empty(py)
    };
    let view = PyNativeView {
        state: state.unbind(),
        seat,
    };
    Ok(Some((view, legal)))
}

#[pymethods]
impl PyNativeView {
    /// `seat`'s view of `state`.  ValueError when `seat` is not one of the
    /// game's seats, or when the state's history was made without the
    /// core's links (the core could not write the view's history).
    #[new]
    fn new(state: Bound<'_, PyNativeState>, seat: usize) -> PyResult<Self> {
        let native = state.get();
        if seat >= native.inner.rules.players {
            return Err(PyValueError::new_err(format!(
                "no seat {seat} in this game"
            )));
        }
        if !native.line_lock().is_whole() {
            return Err(PyValueError::new_err(
                "the state's history was made without the core's links",
            ));
        }
        Ok(PyNativeView {
            state: state.unbind(),
            seat,
        })
    }

    /// The seat the view is for.
    #[getter]
    fn seat(&self) -> usize {
        self.seat
    }

    /// The seat whose turn it is (during an answer, the partner who answers).
    #[getter]
    fn player(&self) -> usize {
        self.state.get().inner.player
    }

    /// The game's rules, as the package keeps them for the state's game
    /// (`NativeState.game`), or None.
    #[getter]
    fn rules(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.state.get().game(py) {
            Some(game) => Ok(Some(game.bind(py).get_item(0)?.unbind())),
            None => Ok(None),
        }
    }

    /// The view's fields but its rules, seat, phase, player, legal moves and
    /// history, as plain values: `(hand_number, dealer, scores, hand,
    /// hand_sizes, stock_size, pile, pile_frozen, melds, red_threes,
    /// packet_sizes, packets_taken, trump, opened, melded_this_hand, turn,
    /// winner, hand_results, hand_moves)`, in the forms of
    /// `NativeState.fields()` (cards as indices).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = self.state.get();
        let view = self.seat_view(&state.inner);
        let rules = view.rules();
        let n = rules.players;
        let teams = rules.teams();
        let items = [
            any(py, view.hand_number())?,
            any(py, view.dealer())?,
            tuple_of(py, 0..teams, |t| any(py, view.score(t)))?,
            cards_tuple(py, &view.hand().cards())?.into_any(),
            tuple_of(py, 0..n, |s| any(py, view.hand_size(s)))?,
            any(py, view.stock_size())?,
            cards_tuple(py, view.pile())?.into_any(),
            any(py, view.pile_frozen())?,
            melds_raw(py, (0..teams).map(|t| view.melds(t)))?,
            tuple_of(py, 0..teams, |t| {
                Ok(cards_tuple(py, view.red_threes(t).as_slice())?.into_any())
            })?,
            tuple_of(py, view.packet_sizes(), |s| any(py, s))?,
            tuple_of(py, 0..teams, |t| any(py, view.packets_taken(t)))?,
            any(py, view.trump())?,
            tuple_of(py, 0..teams, |t| any(py, view.opened(t)))?,
            tuple_of(py, 0..n, |s| any(py, view.melded_this_hand(s)))?,
            turn_raw(py, view.turn())?,
            any(py, view.winner())?,
            tuple_of(py, view.hand_results().iter(), |r| result_raw(py, r))?,
            any(py, view.hand_moves())?,
        ];
        PyTuple::new(py, items)
    }

    /// The view document as the text `json.dumps(view.to_dict(history=history))`
    /// gives (the seat's legal moves listed within the engine's work budget).
    #[pyo3(signature = (*, history = true))]
    fn to_json(&self, history: bool) -> PyResult<String> {
        let state = self.state.get();
        let legal: &[crate::action::Action] = if PyNativeView::moves(&state.inner, self.seat) {
            state.listing(SEARCH_BUDGET)?
        } else {
            &[]
        };
        let view = self.seat_view(&state.inner);
        Ok(view_json(&view, legal, &state.line_lock(), history))
    }

    /// The first deal's events as the seat saw them, as the JSON text of a
    /// view document's `start_events`.
    fn start_events_json(&self) -> String {
        let state = self.state.get();
        json::to_string(&seen_events_value(
            state.line_lock().start_events(),
            self.seat,
        ))
    }

    /// The history as the seat saw it, as the core keeps it: the package's
    /// object made so far for the seat (by `set_seen`, for this line or one
    /// whose moves it shares; else None) and, oldest first, the JSON text of
    /// each move since as a view document's history entry.
    fn history<'py>(&self, py: Python<'py>) -> PyResult<(Option<Py<PyAny>>, Bound<'py, PyList>)> {
        let state = self.state.get();
        let line = state.line_lock();
        let mut base = None;
        let mut since = Vec::new();
        for link in line.links() {
            if let Some(made) = link.seen_made(self.seat) {
                base = Some(made.clone_ref(py));
                break;
            }
            since.push(link);
        }
        let out = PyList::empty(py);
        for link in since.iter().rev() {
            out.append(step_text(link, self.seat))?;
        }
        Ok((base, out))
    }

    /// Keep the package's objects made for the moves `history()` gave
    /// (oldest first; the last is the seat's whole history): the views of
    /// this seat of the states that share those moves start from them.
    fn set_seen(&self, made: Vec<Py<PyAny>>) {
        let state = self.state.get();
        let line = state.line_lock();
        let mut since = Vec::new();
        for link in line.links() {
            if link.seen_made(self.seat).is_some() {
                break;
            }
            since.push(link);
        }
        for (link, object) in since.iter().zip(made.into_iter().rev()) {
            // set once: a move made twice (by two views at once) keeps the first object
            let _ = link.seen(self.seat).made.set(Arc::new(object));
        }
    }

    fn __repr__(&self) -> String {
        format!("<NativeView seat {}>", self.seat)
    }
}
