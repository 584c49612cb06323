//! The `NativeView` class of `kanasta._core`: what one seat may see of a
//! `NativeState` (RULES E-4), behind the Python `kanasta.PlayerView` of a
//! native state.  It holds the state and the seat, and hands out only what
//! the seat may see, read through [`SeatView`]: its fields one by one by name
//! ([`VIEW_FIELDS`], as the package's objects), its history with the events
//! hidden per seat, its view document as JSON text (`crate::view`).  Nothing
//! of the state itself is reachable from it.  The package's `PlayerView` of a
//! native state is made here too ([`set_view_factory`], [`native_view`]).

use std::sync::Arc;

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use super::actions::{card_objects, card_tuple};
use super::convert::{any, tuple_of, turn_raw};
use super::factory::{Classes, Factory, Phases, Registered};
use super::objects::{melds_tuple, Game};
use super::state::PyNativeState;
use crate::bots::sampling;
use crate::cards::Card;
use crate::legality::SEARCH_BUDGET;
use crate::position::{Event, Phase, State};
use crate::view::memory::Memory;
use crate::view::seen::{SeatView, Seen};
use crate::view::{hidden, step_text, view_json, Hidden};

/// The view's fields a native view hands out one by one (`NativeView.field`), by name:
/// the core's one table of them ([`crate::view::seen::VIEW_FIELDS`], in the view
/// document's order), which the package checks against its own (`kanasta.view.seen`).
pub(super) use crate::view::seen::VIEW_FIELDS;

/// The hidden event classes (`kanasta.view.seen`), each with its fields in the class's order:
/// the table both sides read, as `EVENT_FIELDS` for the events themselves.
pub(super) const SEEN_FIELDS: [(&str, &[&str]); 3] = [
    ("CardsDrawnHidden", &["seat", "count"]),
    ("RedThreeLaidHidden", &["seat", "card", "source"]),
    ("PacketTakenHidden", &["seat", "packet", "size"]),
];

/// The fields of a `kanasta.PlayerView` the core sets when it makes one ([`native_view`]):
/// its core's view (its seat, phase and legal moves are read from its core's view, the
/// others are made on first use).
const VIEW_MADE: [(&str, &[&str]); 1] = [("PlayerView", &["_native"])];

/// How the package's views and hidden events are made (`set_view_factory`).
struct Makers {
    /// `kanasta.PlayerView` with the setters of [`VIEW_MADE`].
    view: Classes,
    phases: Phases,
    /// The hidden event classes in `SEEN_FIELDS`' order, each with its slots' setters.
    seen: Classes,
}

static MAKERS: Factory<Makers> = Factory::new("view factory", "set_view_factory");

/// Register how the package's views and hidden events are made: `view` the class
/// `kanasta.PlayerView` with the setter of its slot `_native` (an object is
/// `object.__new__(class)` filled through it, its other fields left unset); `phases` the `kanasta.Phase` members draw, play, answer and game
/// over; `seen` the hidden event classes in `SEEN_FIELDS`' order, each `(class, setters)`
/// with its slots' setters in the order of its fields there.  Set by the package when it
/// loads.
#[pyfunction]
pub(super) fn set_view_factory(
    py: Python<'_>,
    view: (Py<PyAny>, Vec<Py<PyAny>>),
    phases: [Py<PyAny>; 4],
    seen: Registered,
) -> PyResult<()> {
    let register = "set_view_factory";
    let view = Classes::new(
        py,
        vec![view],
        &VIEW_MADE,
        register,
        "the view's made fields",
    )?;
    let seen = Classes::new(py, seen, &SEEN_FIELDS, register, "SEEN_FIELDS")?;
    MAKERS.set(Makers {
        view,
        phases: Phases::new(phases),
        seen,
    });
    Ok(())
}

/// A new object of the hidden event `h` (the package's class).
fn hidden_object<'py>(py: Python<'py>, makers: &Makers, h: Hidden) -> PyResult<Bound<'py, PyAny>> {
    let (kind, values) = match h {
        Hidden::CardsDrawn { seat, count } => (0, vec![any(py, seat)?, any(py, count)?]),
        Hidden::RedThreeLaid { seat, card, source } => (
            1,
            vec![
                any(py, seat)?,
                card_objects()?[usize::from(card)].bind(py).clone(),
                PyString::intern(py, source).into_any(),
            ],
        ),
        Hidden::PacketTaken { seat, packet, size } => {
            (2, vec![any(py, seat)?, any(py, packet)?, any(py, size)?])
        }
    };
    makers.seen.make(py, kind, values)
}

/// `events` as `seat` saw them, as the package's objects: the game's event objects
/// (`NativeState.events`'), or new objects of their hidden forms.
pub(super) fn seen_objects<'py>(
    py: Python<'py>,
    game: &Arc<Game>,
    events: &[Event],
    seat: usize,
) -> PyResult<Bound<'py, PyTuple>> {
    let makers = MAKERS.get()?;
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        out.push(match hidden(e, seat) {
            Some(h) => hidden_object(py, &makers, h)?,
            None => game.events(py, std::slice::from_ref(e))?.get_item(0)?,
        });
    }
    PyTuple::new(py, out)
}

/// The field `name` (one of `VIEW_FIELDS` but the rules) of `view`, as the seat
/// sees it ([`SeatView::field`]): cards as the package's card objects, hand results
/// as the game's result objects, the phase as the package's member, melds as new meld
/// objects (the game's own are not a view's to hand out); the turn in the plain form of
/// `NativeState.field` (`turn_raw`), which the package turns into its object.  None for
/// any other name.
fn view_field<'py>(
    py: Python<'py>,
    view: &SeatView<'_>,
    game: &Arc<Game>,
    name: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Some(seen) = view.field(name) else {
        return Ok(None);
    };
    let cards = card_objects()?;
    let list = |cs: &[Card]| card_tuple(py, &cards, cs).map(Bound::into_any);
    let value = match seen {
        Seen::Rules(_) => return Ok(None), // the package's own object: `NativeView.field`'s
        Seen::Number(n) | Seen::MoveCount(n) => any(py, n)?,
        Seen::NumberOrNone(n) => any(py, n)?,
        Seen::Bool(b) => any(py, b)?,
        Seen::Phase(p) => MAKERS.get()?.phases.of(py, p).clone(),
        Seen::Numbers(ns) => tuple_of(py, ns.iter(), |n| any(py, n))?,
        Seen::Bools(bs) => tuple_of(py, bs.iter(), |b| any(py, b))?,
        Seen::Cards(cs) => list(&cs)?,
        Seen::CardsBy(groups) => tuple_of(py, groups.iter(), |cs| list(cs))?,
        Seen::CardOrNone(Some(c)) => cards[usize::from(c)].bind(py).clone(),
        Seen::CardOrNone(None) => py.None().into_bound(py),
        Seen::Melds(teams) => melds_tuple(py, teams.iter().copied())?,
        Seen::Turn(turn) => turn_raw(py, turn)?,
        Seen::Results(results) => tuple_of(py, results.iter(), |r| game.result(py, r))?,
    };
    Ok(Some(value))
}

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

/// `seat`'s view of `state`: a new `kanasta.PlayerView` (made by the factory) with
/// its core's view set (which gives its seat, phase and legal moves: the state's
/// listing, the same tuple of action objects, when the seat is to move, listed now;
/// else an empty tuple), its other fields made on first use.  None when `seat` is not one of the game's seats (any
/// other value too), or when the state's history was made without the core's links
/// (the core could not write the view's history).
#[pyfunction]
pub(crate) fn native_view<'py>(
    state: Bound<'py, PyNativeState>,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = state.py();
    let native = state.get();
    let Ok(seat) = seat.extract::<usize>() else {
        return Ok(None);
    };
    if seat >= native.inner.rules.players || !native.line_lock().is_whole() {
        return Ok(None);
    }
    let makers = MAKERS.get()?;
    if PyNativeView::moves(&native.inner, seat) {
        native.objects(py, SEARCH_BUDGET)?; // (listed now: a listing past its budget fails here)
    }
    let core = Bound::new(
        py,
        PyNativeView {
            state: state.clone().unbind(),
            seat,
        },
    )?;
    let view = makers.view.make(py, 0, vec![core.into_any()])?;
    Ok(Some(view))
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

    /// The phase, as the package's `kanasta.Phase` member.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let phase = self.state.get().inner.phase;
        Ok(MAKERS.get()?.phases.of(py, phase).clone())
    }

    /// The seat's legal moves: the state's listing (its tuple of action objects) when the
    /// seat is to move, else an empty tuple; past the work budget BudgetExceeded.
    #[getter]
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = self.state.get();
        if PyNativeView::moves(&state.inner, self.seat) {
            Ok(state.objects(py, SEARCH_BUDGET)?.bind(py).clone())
        } else {
            Ok(PyTuple::empty(py))
        }
    }

    /// The field `name` of the view (one of `VIEW_FIELDS`), made alone: the game's
    /// rules (as the package keeps them, `NativeState.game`, or None); cards as the
    /// package's card objects, hand results and events as the game's objects (an event
    /// the seat may not see in its hidden form, a new object); melds and the turn in the
    /// plain forms of `NativeState.field`, which the package turns into its objects.
    /// What a native `kanasta.PlayerView` reads a field from when it is first read.
    /// KeyError for any other name.
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.get();
        match name {
            "rules" => match state.game(py) {
                Some(game) => game.bind(py).get_item(0),
                None => Ok(py.None().into_bound(py)),
            },
            "start_events" => {
                // copied out: the objects are made by Python code, with no lock held
                let events = state.line_lock().start_events().to_vec();
                Ok(seen_objects(py, &state.game, &events, self.seat)?.into_any())
            }
            _ => view_field(py, &self.seat_view(&state.inner), &state.game, name)?
                .ok_or_else(|| PyKeyError::new_err(name.to_owned())),
        }
    }

    /// The view document as the text `json.dumps(view.to_dict(history=history))`
    /// gives (the seat's legal moves listed within the engine's work budget).
    #[pyo3(signature = (*, history = true))]
    fn to_json(&self, history: bool) -> PyResult<String> {
        let state = self.state.get();
        let legal: &[crate::actions::Action] = if PyNativeView::moves(&state.inner, self.seat) {
            state.listing(SEARCH_BUDGET)?
        } else {
            &[]
        };
        let view = self.seat_view(&state.inner);
        Ok(view_json(&view, legal, &state.line_lock(), history))
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

    /// Attempt `attempt` of a full state that matches the view, the cards the
    /// seat cannot see dealt at random from `seed` (`crate::bots::sampling::deal`, the
    /// deal of `kanasta.sample_state`): a new game line, no history, no events.
    /// Whether the game could be in it is the caller's to check.
    fn sample_deal(&self, seed: u64, attempt: u64) -> PyNativeState {
        let state = self.state.get();
        let known = {
            let line = state.line_lock();
            let moves = line.links().map(|l| (l.seat(), l.action(), l.events()));
            Memory::of_moves(&state.inner.rules, moves)
        };
        let dealt = sampling::deal(&state.inner, self.seat, &known, seed, attempt);
        PyNativeState::made(dealt, Arc::new(Vec::new()))
    }

    fn __repr__(&self) -> String {
        format!("<NativeView seat {}>", self.seat)
    }
}
