//! The `NativeState` class of `kanasta._core` (the Python engine's
//! `kanasta.state.State` as `kanasta._native` wraps it): a native position
//! with the events of its move, its listing kept once asked, applying moves,
//! its history links, documents and events as JSON text.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::engine::apply;
use crate::position::{Event, Line, Phase, State};
use crate::{actions, documents, rules};

use std::sync::{Arc, Mutex, OnceLock};

use super::action_classes::{action_objects, body_of};
use super::errors::{gave_up, move_error, IllegalMove};
use super::factory::{object_new, Phases};
use super::objects::Game;
use crate::actions::Action;
use crate::legality::SEARCH_BUDGET;

/// A native game position (the Python `State`'s data), with the events of
/// the move that led to it.  Immutable: `apply` returns a new one.
#[pyclass(frozen, module = "kanasta._core", name = "NativeState")]
pub(crate) struct PyNativeState {
    /// Boxed: a new state is moved a few times on its way into its Python object.
    pub(crate) inner: Box<State>,
    events: Arc<Vec<Event>>,
    /// The legal moves, listed on first ask and kept (a state never changes).
    listing: OnceLock<Vec<Action>>,
    /// The listing's Python action objects (from the game's table), made on first ask and kept.
    objects: OnceLock<Py<PyTuple>>,
    /// Its history: the package's history made so far and the moves since
    /// (see `history`), never the states it was reached from.
    line: Mutex<Line<Py<PyAny>>>,
    /// The game this state belongs to, shared by every state reached in it: what the
    /// package keeps of it (its rules, first deal's events and own objects, set once by
    /// `set_game`) and the event, result and action objects handed out in it.
    pub(super) game: Arc<Game>,
    /// The objects of `events`, made on first ask and kept.
    event_objects: OnceLock<Py<PyTuple>>,
}

impl PyNativeState {
    /// The state `inner` with its `events`, its `line` and its `game`, nothing listed yet.
    fn with(
        inner: Box<State>,
        events: Arc<Vec<Event>>,
        line: Line<Py<PyAny>>,
        game: Arc<Game>,
    ) -> PyNativeState {
        PyNativeState {
            inner,
            events,
            listing: OnceLock::new(),
            objects: OnceLock::new(),
            line: Mutex::new(line),
            game,
            event_objects: OnceLock::new(),
        }
    }

    /// A state with no history and no game yet (dealt, read or probed).
    pub(crate) fn made(inner: State, events: Arc<Vec<Event>>) -> PyNativeState {
        PyNativeState::with(Box::new(inner), events, Line::default(), Arc::default())
    }

    /// The state `inner` reached from this one by `action`, with its `events`:
    /// its line one move further, its game this one's.
    fn reached(&self, inner: Box<State>, events: Vec<Event>, action: Action) -> PyNativeState {
        let events = Arc::new(events);
        let line = self
            .line_lock()
            .after(self.inner.player, action, events.clone());
        PyNativeState::with(inner, events, line, self.game.clone())
    }

    pub(crate) fn line_lock(&self) -> std::sync::MutexGuard<'_, Line<Py<PyAny>>> {
        self.line
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The legal moves, listed once within `budget` search nodes (a failed
    /// listing keeps nothing).
    pub(crate) fn listing(&self, budget: u64) -> PyResult<&[Action]> {
        if let Some(moves) = self.listing.get() {
            return Ok(moves);
        }
        let moves = crate::legality::legal_moves_within(&self.inner, budget)
            .0
            .map_err(gave_up)?;
        Ok(self.listing.get_or_init(|| moves))
    }

    /// The Python objects of the listing, made once and kept.
    pub(crate) fn objects<'py>(&self, py: Python<'py>, budget: u64) -> PyResult<&Py<PyTuple>> {
        if let Some(objects) = self.objects.get() {
            return Ok(objects);
        }
        let made = action_objects(py, self.listing(budget)?)?.unbind();
        Ok(self.objects.get_or_init(|| made))
    }

    /// The legal move number `index` of the listing; IndexError when there is none.
    fn listed_move(&self, index: usize, budget: u64) -> PyResult<Action> {
        let moves = self.listing(budget)?;
        moves.get(index).copied().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "move {index} of {} legal moves",
                moves.len()
            ))
        })
    }

    /// Whether the move of `parts` is in the listing, when the state has listed its moves.
    pub(crate) fn listed_parts(&self, parts: &crate::legality::checks::MoveParts<'_>) -> bool {
        self.listing.get().is_some_and(|moves| {
            moves
                .iter()
                .any(|m| crate::legality::checks::MoveParts::of(m) == *parts)
        })
    }

    /// Whether `action` is in the listing, when the state has listed its moves.
    pub(crate) fn listed(&self, action: &Action) -> bool {
        self.listing
            .get()
            .is_some_and(|moves| moves.contains(action))
    }

    /// The package's state (an object of the class `kind`) after the legal move `m`, made
    /// through the slots' setters `set_state_factory` registered: its native state and
    /// phase set, and its events when this game's events are read (else they are made
    /// when asked, `events`).
    fn made_after<'py>(
        &self,
        py: Python<'py>,
        m: Action,
        kind: &Bound<'py, PyAny>,
        budget: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let maker = STATE_MAKER.get().ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "no state factory: kanasta._core.set_state_factory was not called",
            )
        })?;
        let (inner, events) = play_legal(&self.inner, &m, budget)?;
        let phase = maker.phases.of(py, inner.phase).clone();
        let reached = self.reached(inner, events, m);
        // the events at once when this game's events are read (a game that never reads them
        // never makes them, nor sets the slot: a read makes them, `State._fill`)
        let made = if !self.game.reads_events() {
            None
        } else if reached.events.is_empty() {
            Some(PyTuple::empty(py))
        } else {
            Some(reached.events(py)?)
        };
        let child = maker.new.bind(py).call1((kind,))?;
        maker
            .native
            .bind(py)
            .call1((&child, Bound::new(py, reached)?))?;
        maker.phase.bind(py).call1((&child, phase))?;
        if let Some(made) = made {
            maker.events.bind(py).call1((&child, made))?;
        }
        Ok(child)
    }
}

/// How `NativeState.play` makes the package's state: `object.__new__`, the setters of its
/// slots `_native`, `phase` and `events`, and the package's phases by [`Phase`] (draw,
/// play, answer, game over).  (Its player is read from its native state.)
struct StateMaker {
    new: Py<PyAny>,
    native: Py<PyAny>,
    phase: Py<PyAny>,
    events: Py<PyAny>,
    phases: Phases,
}

static STATE_MAKER: OnceLock<StateMaker> = OnceLock::new();

/// Register how `NativeState.play` makes the package's states: `setters` the setters of
/// the slots `_native`, `phase` and `events` of `kanasta.State`, `phases` the
/// package's phases in the order draw, play, answer, game over.  Set once, by the
/// package when it loads: a later call changes nothing and answers False.
#[pyfunction]
pub(super) fn set_state_factory(
    py: Python<'_>,
    setters: (Py<PyAny>, Py<PyAny>, Py<PyAny>),
    phases: (Py<PyAny>, Py<PyAny>, Py<PyAny>, Py<PyAny>),
) -> PyResult<bool> {
    let new = object_new(py)?;
    let (native, phase, events) = setters;
    Ok(STATE_MAKER
        .set(StateMaker {
            new,
            native,
            phase,
            events,
            phases: Phases::new([phases.0, phases.1, phases.2, phases.3]),
        })
        .is_ok())
}

/// Events as JSON text: a list of objects with the event's class name as `"kind"` and its fields.
pub(super) fn events_text(events: &[Event]) -> String {
    serde_json::Value::Array(events.iter().map(documents::event_value).collect()).to_string()
}

pub(super) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The state after the legal move `action` (the native legality answering
/// the C-OUT-5 chore), made in its box, with its events.
fn play_legal(
    state: &State,
    action: &actions::Action,
    budget: u64,
) -> PyResult<(Box<State>, Vec<Event>)> {
    let mut next = Box::new(state.clone());
    let mut events = Vec::new();
    apply::play_trusted_in_place(&mut next, action, budget, &mut events).map_err(move_error)?;
    Ok((next, events))
}

/// Apply one move natively (the native legality answering the C-OUT-5 chore, within
/// `budget` as every other question); the move is checked first unless `trusted`.
pub(super) fn step(
    state: &State,
    action: &actions::Action,
    budget: u64,
    trusted: bool,
) -> PyResult<(Box<State>, Vec<Event>)> {
    if !trusted {
        if let Some(p) = crate::legality::explain_within(state, action, budget).map_err(gave_up)? {
            return Err(IllegalMove::new_err((p.rule, p.message)));
        }
    }
    play_legal(state, action, budget)
}

#[pymethods]
impl PyNativeState {
    /// A new game: `rules` a preset's name or the JSON text of `Rules.to_dict()`.
    #[staticmethod]
    fn new_game(rules: &str, seed: u64) -> PyResult<Self> {
        let value = match rules::Rules::preset(rules) {
            Some(r) => r,
            None => {
                let data: serde_json::Value =
                    serde_json::from_str(rules).map_err(|e| value_error(format!("rules: {e}")))?;
                rules::Rules::from_value(&data).map_err(value_error)?
            }
        };
        let (inner, events) = State::new_game(Arc::new(value), seed);
        let events = Arc::new(events);
        let line = Line::dealt(events.clone());
        Ok(PyNativeState::with(
            Box::new(inner),
            events,
            line,
            Arc::default(),
        ))
    }

    /// Read a position document (JSON text of `State.to_dict()`); ValueError names the bad path.
    /// The position's moves are listed last, within `budget` search nodes: a position past
    /// the budget is refused as the Python reader refuses it.
    #[staticmethod]
    #[pyo3(signature = (doc, *, budget = SEARCH_BUDGET))]
    fn from_json(doc: &str, budget: u64) -> PyResult<Self> {
        let (inner, _) = documents::from_json_within(doc, budget).map_err(value_error)?;
        Ok(PyNativeState::made(inner, Arc::new(Vec::new())))
    }

    /// The position document as JSON text (the same document as `State.to_dict()`).
    fn to_json(&self) -> String {
        documents::to_json(&self.inner)
    }

    /// The events of the move that led here (or of the first deal), as JSON text:
    /// a list of objects with the event's class name as `"kind"` and its fields.
    fn events_json(&self) -> String {
        events_text(&self.events)
    }

    /// The state after `move` (in the library's notation).
    ///
    /// An illegal move raises IllegalMove (a ValueError) with the RULES ID
    /// and message of `explain`; a move of the state's own listing is not
    /// checked again.  The native legality answers the C-OUT-5 chore (may the
    /// next player take the pile from an empty stock?).  A legality question
    /// past `budget` search nodes raises BudgetExceeded.
    #[pyo3(signature = (r#move, *, budget = SEARCH_BUDGET))]
    fn apply(&self, r#move: &str, budget: u64) -> PyResult<Self> {
        let action = actions::parse_action(r#move).map_err(value_error)?;
        let trusted = self.listed(&action);
        let (inner, events) = step(&self.inner, &action, budget, trusted)?;
        Ok(self.reached(inner, events, action))
    }

    /// The state after the legal move number `index` of `legal_moves()`,
    /// without checking it again (the fast path for a listed move); the
    /// native legality answers the C-OUT-5 chore.  IndexError when there is
    /// no such move.
    #[pyo3(signature = (index, *, budget = SEARCH_BUDGET))]
    fn apply_listed(&self, index: usize, budget: u64) -> PyResult<Self> {
        let action = self.listed_move(index, budget)?;
        let (inner, events) = play_legal(&self.inner, &action, budget)?;
        Ok(self.reached(inner, events, action))
    }

    /// The legal moves in notation, in the Python engine's order; listed
    /// once (within `budget` search nodes) and kept.
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_moves(&self, budget: u64) -> PyResult<Vec<String>> {
        Ok(self
            .listing(budget)?
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The legal move number `index` of `legal_moves()` in notation, without
    /// writing the others (the listing is kept); IndexError when there is none.
    #[pyo3(signature = (index, *, budget = SEARCH_BUDGET))]
    fn legal_move(&self, index: usize, budget: u64) -> PyResult<String> {
        Ok(self.listed_move(index, budget)?.to_string())
    }

    /// The legal moves (RULES E-1, E-2) as the package's action objects, in
    /// the Python engine's order; the same object for the same move in every
    /// listing and history (the action objects cannot change).  Listed once and kept (the same
    /// tuple every time), as for `legal_moves`; past `budget` search nodes
    /// BudgetExceeded.
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_actions<'py>(&self, py: Python<'py>, budget: u64) -> PyResult<Bound<'py, PyTuple>> {
        Ok(self.objects(py, budget)?.bind(py).clone())
    }

    /// The package's state (an object of the class `kind`, a `kanasta.State`, made
    /// through the slots' setters `set_state_factory` registered) after `action` when it
    /// is one of the moves of this state's `legal_actions()`, already listed (one of its
    /// objects, or an action object equal to one; applied without checking it again, the
    /// native legality answering the C-OUT-5 chore within `budget`): its native state and
    /// phase set, and its events when this game's events are read (else they are made when
    /// asked, `events`); otherwise (a state not listed yet, a move not listed, anything
    /// else) None, and nothing is done.
    #[pyo3(signature = (action, kind, *, budget = SEARCH_BUDGET))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
        kind: &Bound<'py, PyAny>,
        budget: u64,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        // only a listing already made is searched: a state whose moves were not asked
        // checks the move alone (the careful way), as the Python engine does
        let (Some(objects), Some(moves)) = (self.objects.get(), self.listing.get()) else {
            return Ok(None);
        };
        // the object itself (the listing's), else the same move made by the caller (an action
        // object cannot change: one equal to a listed move is that move)
        let listed = match objects.bind(py).iter().position(|o| o.is(action)) {
            Some(index) => Some(moves[index]),
            None => body_of(action)
                .and_then(|body| body.notation().action())
                .filter(|m| moves.contains(m)),
        };
        match listed {
            Some(m) => self.made_after(py, m, kind, budget).map(Some),
            None => Ok(None),
        }
    }

    /// The package's state (an object of the class `kind`, as `play` makes it) after the
    /// legal move number `index` of this state's listing (listed within `budget` search
    /// nodes when it was not), without making the listing's action objects: what an
    /// adapter that chooses moves by their number in the core's listing plays
    /// (`kanasta.rl.openspiel`).  IndexError when there is no such move.
    #[pyo3(signature = (index, kind, *, budget = SEARCH_BUDGET))]
    fn play_listed<'py>(
        &self,
        py: Python<'py>,
        index: usize,
        kind: &Bound<'py, PyAny>,
        budget: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let m = self.listed_move(index, budget)?;
        self.made_after(py, m, kind, budget)
    }
    /// Keep `game` (what the package keeps of this state's game: its rules, first
    /// deal's events and the objects made for it) for this state and every state
    /// reached from it from now on.  Set once: a later call changes nothing and
    /// answers False.
    fn set_game(&self, game: Py<PyAny>) -> bool {
        self.game.package.set(game).is_ok()
    }

    /// What `set_game` kept for this state's game (or for the state it was reached from), or None.
    #[getter]
    pub(crate) fn game(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.game.package.get().map(|g| g.clone_ref(py))
    }

    /// Whether the state keeps its listing (its legal moves were asked).
    #[getter]
    fn is_listed(&self) -> bool {
        self.listing.get().is_some()
    }

    /// The history of this state as the core keeps it: the package's history
    /// made so far (by `set_history`, for this state's line or one whose moves
    /// it shares; else None) and the moves made since, oldest first, each
    /// `(seat, action object, event objects)`: the game's event objects (as `events`)
    /// and the moves' action objects (as the listings').
    fn history<'py>(&self, py: Python<'py>) -> PyResult<(Option<Py<PyAny>>, Bound<'py, PyList>)> {
        let line = self.line_lock();
        let (base, links) = line.history();
        let moves: Vec<Action> = links.iter().map(|l| *l.action()).collect();
        let objects = action_objects(py, &moves)?;
        let out = PyList::empty(py);
        for (link, object) in links.iter().zip(objects.iter()) {
            out.append((link.seat(), object, self.game.events(py, link.events())?))?;
        }
        Ok((base.map(|b| b.clone_ref(py)), out))
    }

    /// Keep the package's history links made for the moves `history()` gave
    /// (oldest first; the last is this state's whole history): the states
    /// reached from this one, and those that share its moves, start from them.
    fn set_history(&self, made: Vec<Py<PyAny>>) {
        let mut line = self.line_lock();
        let started = line.made(made.into_iter().map(Arc::new).collect());
        let old = std::mem::replace(&mut *line, started);
        drop(line);
        drop(old);
    }

    /// How many legal moves there are (the listing is kept, as for `legal_moves`).
    #[pyo3(signature = (*, budget = SEARCH_BUDGET))]
    fn legal_count(&self, budget: u64) -> PyResult<usize> {
        Ok(self.listing(budget)?.len())
    }

    /// The state after `moves` (in notation), applied one after another in
    /// the core, each checked and applied as `apply` does.  The moves are read
    /// first: a bad one raises before any is applied.
    #[pyo3(signature = (moves, *, budget = SEARCH_BUDGET))]
    fn replay(&self, moves: Vec<String>, budget: u64) -> PyResult<Self> {
        let actions = moves
            .iter()
            .map(|m| actions::parse_action(m).map_err(value_error))
            .collect::<PyResult<Vec<_>>>()?;
        let mut state = PyNativeState::with(
            self.inner.clone(),
            self.events.clone(),
            self.line_lock().clone(),
            self.game.clone(),
        );
        for a in &actions {
            let (inner, events) = step(&state.inner, a, budget, false)?;
            state = state.reached(inner, events, *a);
        }
        Ok(state)
    }

    /// The position's field `name` (one of `POSITION_FIELDS`), made alone: cards as the
    /// package's card objects, hand results as the game's objects; melds as
    /// `(kind 0 set / 1 run, cards, rank, suit, low, wild index)` with cards as indices,
    /// the turn as a tuple of its fields (the aside cards and forbidden card as
    /// indices), the phase as its name.  What a `kanasta.State` of this engine reads
    /// a field from when it is first read.  KeyError for any other name.
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        super::position::field(py, &self.inner, &self.game, name)?
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name.to_owned()))
    }

    /// The fields `names` (each one of `POSITION_FIELDS`) as `field` makes them, in one
    /// call: what a `kanasta.State` of this engine reads its small fields from (the numbers,
    /// flags and the trump) when the first of them is read.  KeyError for any other name.
    fn fields<'py>(&self, py: Python<'py>, names: Vec<String>) -> PyResult<Bound<'py, PyTuple>> {
        let values = names
            .iter()
            .map(|name| {
                super::position::field(py, &self.inner, &self.game, name)?
                    .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(name.clone()))
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, values)
    }

    /// The events of the move that led here (or of the first deal) as the package's
    /// event objects (the same tuple every time; an event equal to one handed out
    /// before in this game is the same object).
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if self.event_objects.get().is_none() {
            self.game.read_events();
        }
        self.start_events(py)
    }

    /// The events of the move that led here (or of the first deal) as `events()` gives
    /// them (the same tuple), without noting that this game's events are read: what the
    /// package reads of a new game's first deal (a game whose moves' events are never
    /// asked for never makes them, `play`).
    fn start_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(made) = self.event_objects.get() {
            return Ok(made.bind(py).clone());
        }
        let made = self.game.events(py, &self.events)?;
        Ok(self
            .event_objects
            .get_or_init(|| made.unbind())
            .bind(py)
            .clone())
    }

    /// "draw", "play", "answer" or "game_over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase.name()
    }

    /// The seat to act (in the answer phase, the partner who answers).
    #[getter]
    fn player(&self) -> usize {
        self.inner.player
    }

    /// The seat to act, or None once the game is over (the package's `State.current_player`).
    #[getter]
    fn current_player(&self) -> Option<usize> {
        (self.inner.phase != Phase::GameOver).then_some(self.inner.player)
    }

    /// Whether the game is over.
    #[getter]
    fn is_game_over(&self) -> bool {
        self.inner.phase == Phase::GameOver
    }

    /// Equal positions (events are not part of a position, as in Python).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyNativeState>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// Pickled as its position document and its line's history (its first
    /// deal's events and its moves with their events: see `from_pickle`); the
    /// events of its own move are not kept.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let from_pickle = py.get_type::<PyNativeState>().getattr("from_pickle")?;
        let history = documents::history::history_value(&self.line_lock()).to_string();
        Ok((from_pickle, (self.to_json(), history)))
    }

    /// A state pickled by `__reduce__`: its position document read as
    /// `from_json` reads it but for the listing of its moves (a pickled state
    /// was reached, so it loads even when its listing is past the work budget),
    /// and its line of play rebuilt from `history` (the links of its moves,
    /// which the views' histories are written from).
    #[staticmethod]
    fn from_pickle(doc: &str, history: &str) -> PyResult<Self> {
        let inner = documents::position::from_json_unlisted(doc).map_err(value_error)?;
        let data: serde_json::Value =
            serde_json::from_str(history).map_err(|e| value_error(format!("history: {e}")))?;
        let line = match documents::history::read_history(&data, &inner.hand_results)
            .map_err(|e| value_error(format!("history: {e}")))?
        {
            Some((start, moves)) => Line::rebuilt(start, moves),
            None => Line::unlinked(),
        };
        Ok(PyNativeState::with(
            Box::new(inner),
            Arc::new(Vec::new()),
            line,
            Arc::default(),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "<NativeState hand {}, seat {} to {}>",
            self.inner.hand_number,
            self.inner.player,
            self.inner.phase.name()
        )
    }
}
